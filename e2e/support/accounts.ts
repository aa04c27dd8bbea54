import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiOf } from './api';
import { waitForMailLink } from './mail';

let counter = 0;

export type TestAccount = { name: string; email: string; password: string; companyName: string };

/** A fresh account for this run: unique email, a password the server accepts. */
export function newAccount(label = 'user'): TestAccount {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  return {
    name: 'Ada Lovelace',
    email: `${label}-${stamp}@leadtrail-e2e.example`,
    password: `Orbit-${stamp.slice(-6)}-Velvet!`,
    companyName: `Analytical Engines ${stamp.slice(-5)}`,
  };
}

/**
 * Registers through the typed API client and follows the emailed sign-up link (registration
 * answers 202 for any address); the request context keeps the session cookie.
 */
export async function registerByApi(request: APIRequestContext, account: TestAccount): Promise<void> {
  const api = apiOf(request);
  const registered = await api.POST('/api/v1/auth/register', { body: account });
  expect(registered.response.status, JSON.stringify(registered.error)).toBe(202);
  const link = await waitForMailLink(account.email, { contains: '/register/confirm/' });
  const token = new URL(link).pathname.split('/').pop() ?? '';
  const confirmed = await api.POST('/api/v1/auth/register/confirm', { body: { token } });
  expect(confirmed.response.status, JSON.stringify(confirmed.error)).toBe(201);
}

/** Signs the request context in through the typed API client (an account without a second factor). */
export async function signInByApi(
  request: APIRequestContext,
  account: Pick<TestAccount, 'email' | 'password'>,
): Promise<void> {
  const res = await apiOf(request).POST('/api/v1/auth/login', {
    body: { email: account.email, password: account.password },
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
