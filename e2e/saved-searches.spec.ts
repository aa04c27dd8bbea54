import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { originHeader } from './support/env';

test('save a prospect search as a tab, see "N new" once it finds more, open it and delete it', async ({ page }) => {
  test.setTimeout(90_000);
  await registerByApi(page.request, newAccount('saved-searches'));
  await page.goto('/my-contacts/prospects');
  await expect(page.getByTestId('prospect-totals')).toContainText('people', { timeout: 30_000 });

  // a search with one filter, saved as a private tab
  await page.getByRole('group', { name: 'Seniority' }).getByRole('checkbox', { name: /^Director/ }).check();
  await expect(page).toHaveURL(/seniority=director/);
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByLabel('Name').fill('Directors');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog).toBeHidden();
  const tab = page.getByRole('tab', { name: /^Directors/ });
  await expect(tab).toHaveAttribute('aria-selected', 'true');

  // All prospects clears the search; the saved tab brings it back
  await page.getByRole('tab', { name: 'All prospects' }).click();
  await expect(page).not.toHaveURL(/seniority=director/);
  await tab.click();
  await expect(page).toHaveURL(/seniority=director/);

  // the saved search grows (its query widened through the API, not opened): its tab says how many are new
  const list = (await (await page.request.get('/api/v1/saved-searches')).json()) as { data: { id: string }[] };
  const id = list.data[0]!.id;
  const widened = await page.request.patch(`/api/v1/saved-searches/${id}`, { data: { query: {} }, headers: originHeader });
  expect(widened.status()).toBe(200);
  await page.getByRole('tab', { name: 'All prospects' }).click();
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Directors/ })).toContainText(/\d[\d,]* new/);

  // opening it counts everything as seen
  await page.getByRole('tab', { name: /^Directors/ }).click();
  await expect(page).toHaveURL(/^(?!.*seniority=director)/);
  await page.getByRole('tab', { name: 'All prospects' }).click();
  await expect(page.getByRole('tab', { name: /^Directors/ })).not.toContainText('new');

  // delete from the tab's menu, with a confirmation
  await page.getByRole('tab', { name: /^Directors/ }).click();
  await page.getByRole('button', { name: 'Actions of the saved search Directors' }).click();
  await page.getByRole('menuitem', { name: 'Delete saved search' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete saved search' }).click();
  await expect(page.getByRole('tab', { name: /^Directors/ })).toHaveCount(0);
});
