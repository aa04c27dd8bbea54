import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { originHeader } from './support/env';

test('the dashboard counts the workspace records and points to the first import', async ({ page }) => {
  const account = newAccount('dash');
  // the page's request context shares its cookies, so the browser is signed in too
  await registerByApi(page.request, account);
  for (const [first, email] of [
    ['Grace', 'grace@navy.example'],
    ['Alan', 'alan@bletchley.example'],
  ]) {
    const res = await page.request.post('/api/v1/contacts', { data: { firstName: first, email }, headers: originHeader });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/');
  await expect(page.getByTestId('stat-contacts')).toHaveText('2');
  await expect(page.getByTestId('stat-lists')).toHaveText('0');
  // a workspace with records has no use for the first steps
  await expect(page.getByRole('heading', { name: 'Get started' })).toHaveCount(0);
  await expect(page.getByText('No files imported yet')).toBeVisible();
  await page.getByRole('link', { name: 'Contacts: open' }).click();
  await expect(page).toHaveURL(/\/my-contacts\/contacts/);
});
