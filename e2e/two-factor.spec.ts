import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAccount, registerByApi, signIn, signOut, type TestAccount } from './support/accounts';
import { originHeader } from './support/env';
import { totpCode } from './support/totp';

/** An account with an authenticator app turned on; its secret and recovery codes. */
async function accountWithTwoFactor(request: APIRequestContext, account: TestAccount) {
  await registerByApi(request, account);
  const setup = await request.post('/api/v1/me/totp/setup', { headers: originHeader });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await request.post('/api/v1/me/totp/enable', {
    data: { code: totpCode(secret) },
    headers: originHeader,
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

test('sign-in asks for the authentication code when two-step verification is on', async ({ page, request }) => {
  const account = newAccount('totp');
  const { secret, recoveryCodes } = await accountWithTwoFactor(request, account);

  await page.goto('/login');
  await signIn(page, account.email, account.password);
  const codeField = page.getByRole('textbox', { name: 'Authentication code' });
  await expect(codeField).toBeVisible();
  await expect(codeField).toBeFocused();

  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app or a recovery code')).toBeVisible();

  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('That code is not valid. Check your app and try again.')).toBeVisible();

  // The next period's code: the one used to turn 2FA on can't be replayed.
  await codeField.fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await test.step('a recovery code works instead of the app', async () => {
    await signOut(page);
    await signIn(page, account.email, account.password);
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});
