import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { createCompanyByApi, createContactByApi } from './support/api';
import { expectNoSeriousViolations } from './support/axe';

/**
 * Issue 24: emails verified against the DNS and SMTP peers of global-setup.ts (e2e-mail.test
 * has ada.lovelace, grace.hopper and mary.good; every other mailbox there is refused).
 */

const grid = (page: Page) => page.getByRole('region', { name: 'contacts, scrollable' });

test('verify a contact from its page, a filtered grid selection with the progress bar, and find a missing email', async ({ page }) => {
  await registerByApi(page.request, newAccount('verify'));
  const company = await createCompanyByApi(page.request, { name: 'E2E Mail', domain: 'e2e-mail.test' });
  const ada = await createContactByApi(page.request, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.lovelace@e2e-mail.test', companyId: company.id });
  await createContactByApi(page.request, { firstName: 'Mary', lastName: 'Good', email: 'mary.good@e2e-mail.test', city: 'Verifyville' });
  await createContactByApi(page.request, { firstName: 'Bob', lastName: 'Gone', email: 'bob.gone@e2e-mail.test', city: 'Verifyville' });
  await createContactByApi(page.request, { firstName: 'Other', lastName: 'Town', email: 'other@e2e-mail.test', city: 'Elsewhere' });
  const grace = await createContactByApi(page.request, { firstName: 'Grace', lastName: 'Hopper', companyId: company.id });

  // the contact's page: never checked, then Verify
  await page.goto(`/my-contacts/contacts/${ada.id}`);
  const section = page.getByRole('region', { name: 'Email verification' });
  await expect(section.getByText('Never checked')).toBeVisible();
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(section.getByText(/^Checked /)).toBeVisible();
  await expect(section.getByText('Valid', { exact: true })).toBeVisible();

  // the grid filtered to one city: select all matching, verify, follow the progress
  const filter = encodeURIComponent(JSON.stringify({ and: [{ field: 'city', op: 'is', value: 'Verifyville' }] }));
  await page.goto(`/my-contacts/contacts?filter=${filter}`);
  await expect(grid(page).getByRole('link', { name: 'Bob Gone' })).toBeVisible();
  await expect(grid(page).getByRole('link', { name: 'Other Town' })).toBeHidden();
  await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
  const bar = page.getByRole('toolbar', { name: 'Actions on selected contacts' });
  await bar.getByRole('button', { name: 'Verify emails' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verifying emails' });
  await expect(dialog.getByRole('progressbar', { name: 'Verification progress' })).toBeVisible();
  await expect(dialog.getByText('2 of 2 contacts checked')).toBeVisible();
  await expect(dialog.getByText(/Valid 1 · Risky 0 · Invalid 1/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Bob's address bounces: his page says why and offers the suppression list
  await grid(page).getByRole('link', { name: 'Bob Gone' }).click();
  const bob = page.getByRole('region', { name: 'Email verification' });
  await expect(bob.getByText('No such mailbox')).toBeVisible();
  await bob.getByRole('button', { name: 'Add to the suppression list' }).click();
  await expect(page.getByText('bob.gone@e2e-mail.test is on the suppression list (bounced)')).toBeVisible();
  await expectNoSeriousViolations(page);

  // Grace has no email: the finder learns first.last from Ada's and finds hers (1 credit)
  await page.goto(`/my-contacts/contacts/${grace.id}`);
  await page.getByRole('region', { name: 'Email verification' }).getByRole('button', { name: 'Find email' }).click();
  await expect(page.getByText('Found grace.hopper@e2e-mail.test (valid): 1 credit')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email verification' }).getByText('Valid', { exact: true })).toBeVisible();

  // the month's verifications (those looked up above) beside the credits
  await page.goto('/');
  const usage = page.getByTestId('verification-usage');
  await expect(usage).toContainText(/\d+ of 100 used this month/);
  await expectNoSeriousViolations(page);
});
