import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

// as Apple Contacts exports two people (issue 23: this file used to be read as one CSV column headed BEGIN:VCARD)
const VCF = [1, 2]
  .map((i) =>
    [
      'BEGIN:VCARD',
      'VERSION:3.0',
      `N:Lee ${i};Ann;;;`,
      `FN:Ann Lee ${i}`,
      'ORG:Acme;',
      `EMAIL;type=INTERNET;type=WORK;type=pref:ann${i}@vcard-e2e.com`,
      `TEL;type=CELL;type=VOICE;type=pref:+1 415 555 010${i}`,
      'END:VCARD',
    ].join('\r\n'),
  )
  .join('\r\n');

test('upload an Apple Contacts vCard: one card a row, mapped for you, imported', async ({ page }) => {
  const account = newAccount('vcard');
  await registerByApi(page.request, account);
  await page.goto('/my-contacts/upload-file');
  await expect(page.getByText('vCard .vcf', { exact: false })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'Contacts.vcf', mimeType: 'text/vcard', buffer: Buffer.from(VCF) });
  await expect(page.getByRole('heading', { name: 'File preview' })).toBeVisible();
  await expect(page.getByText('Contacts.vcf · 2 data rows')).toBeVisible();
  // its columns come from its cards: no header row or sheet to choose
  await expect(page.getByLabel('Header row')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Import “Email (work)” into' })).toHaveValue('Email');
  await expect(page.getByRole('combobox', { name: 'Import “Phone (mobile)” into' })).toHaveValue('Mobile phone');
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Next: options' }).click();
  await page.getByRole('button', { name: 'Next: review' }).click();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts.vcf' })).toBeVisible();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('vCard · one card a row')).toBeVisible();
});
