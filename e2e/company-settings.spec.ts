import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { apiOf } from './support/api';

const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

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

  // The logo goes through the shared upload client (a PUT): the server's refusal of an SVG reaches
  // the toast in its own words, then a PNG is taken and shown.
  const logoInput = page.locator('input[type="file"][accept="image/png,image/jpeg"]');
  await logoInput.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(page.getByText('SVG logos are not accepted (they can carry scripts). Upload a PNG or JPEG.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'No logo yet' })).toBeVisible();
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
  await expect(page.getByText('Logo updated')).toBeVisible();
  await expect(page.getByRole('img', { name: `${saved.data?.name} logo` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace logo' })).toBeVisible();
});
