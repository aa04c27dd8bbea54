import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, signIn, signOut } from './support/accounts';
import { baseURL } from './support/env';
import { waitForMailLink } from './support/mail';

const dashboardHeading = { level: 1, name: 'Dashboard' } as const;

test('register, sign out and in, keep the session, reset the password', async ({ page }) => {
  const account = newAccount('owner');
  const newPassword = `Harbor-${Date.now().toString().slice(-6)}-Maple!`;

  await test.step('register and land on the dashboard', async () => {
    await page.goto('/register');
    await page.getByLabel('Your name').fill(account.name);
    await page.getByLabel('Work email').fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await page.getByLabel('Company name').fill(account.companyName);
    await page.getByRole('button', { name: 'Create account' }).click();
    // the same answer for any address: the account is made by the emailed link
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await waitForMailLink(account.email, { contains: '/register/confirm/' }));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', dashboardHeading)).toBeVisible();
    await expect(page.getByRole('banner').getByText(account.companyName)).toBeVisible();
  });

  await test.step('sign out, then sign in again', async () => {
    await signOut(page);
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', dashboardHeading)).toBeVisible();
  });

  await test.step('a reload keeps the session', async () => {
    await page.reload();
    await expect(page.getByRole('heading', dashboardHeading)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('ask for a reset link', async () => {
    await signOut(page);
    const since = Date.now();
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${account.email}`)).toBeVisible();

    const link = await waitForMailLink(account.email, { since, contains: '/reset-password/' });
    expect(new URL(link).pathname).toMatch(/^\/reset-password\/.+/);
    await page.goto(link);
  });

  await test.step('set a new password from the emailed link', async () => {
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password was changed' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the old password fails with a visible error', async () => {
    await signIn(page, account.email, account.password);
    await expect(page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the new password works', async () => {
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', dashboardHeading)).toBeVisible();
  });

  await test.step('a used reset link is refused', async () => {
    await signOut(page);
    const link = await waitForMailLink(account.email, { contains: '/reset-password/' });
    await page.goto(link);
    // said at once, before a new password is typed twice
    await expect(page.getByRole('heading', { name: 'This reset link is invalid or has expired' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });
});

test('an unknown path shows the not-found screen, signed out too', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/no-such-page\/at-all$/);
});

test('a protected page sends a signed-out visitor to sign in, and back after it', async ({ page, request }) => {
  const account = newAccount('next');
  await registerByApi(request, account); // its own cookie jar: the page stays signed out

  await page.goto('/settings/company?tab=address');
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings%2Fcompany%3Ftab%3Daddress$/);
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/settings\/company\?tab=address$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible();
});

test('sign-in never follows a next parameter off the site', async ({ page, request }) => {
  const account = newAccount('redirect');
  await registerByApi(request, account);

  await page.goto('/login?next=//evil.example/steal');
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', dashboardHeading)).toBeVisible();
  expect(new URL(page.url()).origin).toBe(baseURL);
  expect(new URL(page.url()).pathname).toBe('/');
});

test('the sign-in form explains mistakes under the fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Enter your password')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
});
