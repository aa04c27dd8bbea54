import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { apiOf } from './support/api';

test('the owner sets the company tax rate as a percentage and the API keeps it in basis points', async ({ page }) => {
  await registerByApi(page.request, newAccount('tax'));
  await page.goto('/settings/company');

  const rate = page.getByRole('textbox', { name: 'Tax rate' });
  await expect(rate).toHaveValue('0 %');
  await rate.fill('20.5');
  await page.getByRole('textbox', { name: 'Tax ID' }).fill('FR40303265045');
  await page.getByRole('button', { name: 'Save company settings' }).click();
  await expect(page.getByText('Company settings saved')).toBeVisible();

  const saved = await apiOf(page.request).GET('/api/v1/workspace');
  expect(saved.data?.taxRateBps).toBe(2050);
  expect(saved.data?.taxId).toBe('FR40303265045');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Tax rate' })).toHaveValue('20.5 %');
});
