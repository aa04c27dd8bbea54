import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { originHeader } from './support/env';

const CSV = [
  'First Name,Last Name,Email,Company,Tier',
  'Ann,Lee,ann@acme-e2e.com,Acme,Gold',
  'Existing,Person,dup@acme-e2e.com,Acme,Silver',
  'Blocked,Person,blocked@acme-e2e.com,Acme,Gold',
  'Bad,Row,not-an-email,Acme,Gold',
  'Bob,Ray,bob@ray-e2e.io,Ray Co,Bronze',
  ',,still-not-an-email,Acme,Gold',
].join('\r\n');

test('upload a CSV, map a column to a new custom field, watch it complete, get the error report, view the contacts', async ({ page }) => {
  const account = newAccount('importer');
  await registerByApi(page.request, account);

  await test.step('the workspace has a contact the file repeats and a suppressed email', async () => {
    const contact = await page.request.post('/api/v1/contacts', {
      headers: originHeader,
      data: { firstName: 'Already', lastName: 'Here', email: 'dup@acme-e2e.com' },
    });
    expect(contact.status(), await contact.text()).toBe(201);
    const sup = await page.request.post('/api/v1/suppressions', { headers: originHeader, data: { entries: [{ value: 'blocked@acme-e2e.com' }] } });
    expect(sup.status(), await sup.text()).toBe(200);
  });

  await test.step('upload the file', async () => {
    await page.goto('/my-contacts/upload-file');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload file' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.locator('input[type="file"]').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await expect(page.getByRole('heading', { name: 'File preview' })).toBeVisible();
    await expect(page.getByText('leads.csv · 6 data rows')).toBeVisible();
  });

  await test.step('map the columns: suggestions are filled in, Tier goes to a new custom field', async () => {
    await expect(page.getByRole('combobox', { name: 'Import “Email” into' })).toHaveValue('Email');
    await expect(page.getByRole('combobox', { name: 'Import “First Name” into' })).toHaveValue('First name');
    await expect(page.getByRole('combobox', { name: 'Import “Tier” into' })).toHaveValue("Don't import");
    await expectNoSeriousViolations(page);
    // each suggestion says why; the first rows are tried as mapped (nothing written yet)
    await expect(page.getByText('suggested: header "Email" · 100%')).toBeVisible();
    await expect(page.getByText('The first 6 rows of the file, as mapped now')).toBeVisible();
    await expect(page.getByTestId('preflight-counts')).toHaveText('3 new · 0 updated · 1 duplicate · 1 suppressed · 1 with warnings · 1 error');
    await page.getByRole('combobox', { name: 'Import “Tier” into' }).click();
    await page.getByRole('option', { name: 'Create custom field…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a custom field' });
    await expect(dialog.getByLabel('Field name')).toHaveValue('Tier');
    await dialog.getByLabel('Field name').fill('Customer tier');
    await dialog.getByRole('button', { name: 'Use this field' }).click();
    await expect(page.getByRole('combobox', { name: 'Import “Tier” into' })).toHaveValue('New custom field: Customer tier');
    await page.getByRole('button', { name: 'Next: options' }).click();
  });

  await test.step('options and review, then start', async () => {
    await expect(page.getByRole('radio', { name: 'Skip existing records' })).toBeChecked();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Next: review' }).click();
    await expect(page.getByText('1 new custom field created', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Start import' }).click();
  });

  await test.step('watch it complete and check the counts', async () => {
    await expect(page).toHaveURL(/\/my-contacts\/uploaded-files\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'leads.csv' })).toBeVisible();
    await expect(page.getByText('Completed with errors')).toBeVisible({ timeout: 30_000 });
    const stat = (label: string) => page.locator('div', { has: page.getByText(label, { exact: true }) }).last();
    await expect(stat('Rows')).toContainText('6');
    // Bad Row is somebody: imported without its address, with a warning; the row naming nobody is the error
    await expect(stat('Created')).toContainText('3');
    await expect(stat('Duplicates')).toContainText('1');
    await expect(stat('Suppressed')).toContainText('1');
    await expect(stat('Errors')).toContainText('1');
    await expect(stat('Warnings')).toContainText('1');
    const warning = page.getByRole('row', { name: /Warning.*not-an-email/ });
    await expect(warning.getByRole('cell', { name: 'Enter a valid email address', exact: true })).toBeVisible();
    const error = page.getByRole('row', { name: /Error.*still-not-an-email/ });
    await expect(error.getByRole('cell', { name: 'Enter a valid email address (a contact needs a name or an email)' })).toBeVisible();
    // the suppressed row, and the entry that matched it
    const suppressed = page.getByTestId('suppressed-row');
    await expect(suppressed).toHaveCount(1);
    await expect(suppressed).toContainText('blocked@acme-e2e.com');
    await expect(suppressed).toContainText('Blocked Person');
    await expect(suppressed).toContainText('Email: blocked@acme-e2e.com');
    await expectNoSeriousViolations(page);
  });

  await test.step('download the error report: the rows as uploaded with their kind and reason', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Error report (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('leads-errors.csv');
    const text = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(text.split(/\r?\n/).filter(Boolean)).toEqual([
      'First Name,Last Name,Email,Company,Tier,Import problem,Import error',
      'Bad,Row,not-an-email,Acme,Gold,warning,Email: Enter a valid email address',
      ',,still-not-an-email,Acme,Gold,error,Email: Enter a valid email address (a contact needs a name or an email)',
    ]);
  });

  await test.step('the history lists it', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Uploaded files' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Uploaded files' })).toBeVisible();
    const row = page.getByRole('row', { name: /leads\.csv/ });
    await expect(row).toContainText('Completed with errors');
    await expect(row).toContainText('3 created · 1 duplicate · 1 suppressed · 1 error · 1 warning');
    await expectNoSeriousViolations(page);
    await row.getByRole('link', { name: 'leads.csv' }).click();
  });

  await test.step('view the imported contacts: the grid filtered by the import', async () => {
    await page.getByRole('link', { name: 'View imported contacts' }).click();
    await expect(page).toHaveURL(/\/my-contacts\/contacts\?filter=/);
    const grid = page.getByRole('region', { name: 'contacts, scrollable' });
    await expect(grid.getByRole('link', { name: 'Ann Lee' })).toBeVisible();
    await expect(grid.getByRole('link', { name: 'Bob Ray' })).toBeVisible();
    await expect(grid.getByRole('link', { name: 'Already Here' })).toBeHidden();
    await grid.getByRole('link', { name: 'Ann Lee' }).click();
    await expect(page.getByText('Customer tier')).toBeVisible();
    await expect(page.getByText('Gold', { exact: true })).toBeVisible();
    // the timeline says where the contact came from, with a link to the import
    await expect(page.getByText(/imported this contact from/)).toBeVisible();
    await page.getByRole('link', { name: 'leads.csv' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'leads.csv' })).toBeVisible();
  });
});

const APOLLO_PEOPLE = [
  'First Name,Last Name,Title,Company,Email,Website',
  'Peter,Gibbons,Engineer,Initech,peter@initech-e2e.com,initech-e2e.com',
  'Samir,Nagheenanajar,Engineer,Initech,samir@initech-e2e.com,initech-e2e.com',
  'Joanna,Smith,Server,Chotchkies,joanna@chotchkies-e2e.com,chotchkies-e2e.com',
].join('\n');

test('a people file imported as companies: the Email column is left out, the import completes', async ({ page }) => {
  await registerByApi(page.request, newAccount('companies-import'));

  await test.step('upload it as contacts, then switch to companies: the suggestions are computed again', async () => {
    await page.goto('/my-contacts/upload-file');
    await page.locator('input[type="file"]').setInputFiles({ name: 'apollo.csv', mimeType: 'text/csv', buffer: Buffer.from(APOLLO_PEOPLE) });
    await expect(page.getByRole('combobox', { name: 'Import “Email” into' })).toHaveValue('Email');
    await page.getByRole('radiogroup', { name: 'Import the rows as' }).getByText('Companies', { exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Import “Company” into' })).toHaveValue('Name');
    await expect(page.getByRole('combobox', { name: 'Import “Email” into' })).toHaveValue("Don't import");
    await expect(page.getByRole('combobox', { name: 'Import “Website” into' })).toHaveValue('Company website');
    // a mistake is explained next to the button it stops, naming the column
    await page.getByRole('combobox', { name: 'Import “Title” into' }).fill('Name');
    await page.getByRole('option', { name: 'Name', exact: true }).click();
    const why = page.getByRole('alert').filter({ hasText: 'Fix these columns before going on' });
    await expect(why).toContainText('Column “Company”: “Title” is already imported into this field');
    await expect(page.getByRole('button', { name: 'Next: options' })).toBeDisabled();
    await page.getByRole('combobox', { name: 'Import “Title” into' }).fill("Don't import");
    await page.getByRole('option', { name: "Don't import" }).click();
    await expect(why).toHaveCount(0);
    await page.getByRole('button', { name: 'Next: options' }).click();
  });

  await test.step('options, review and start', async () => {
    await expect(page.getByRole('radio', { name: 'Skip existing records' })).toBeChecked();
    await page.getByRole('button', { name: 'Next: review' }).click();
    await page.getByRole('button', { name: 'Start import' }).click();
  });

  await test.step('it completes, and the "Import started" toast goes with it', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'apollo.csv' })).toBeVisible();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Import started: apollo\.csv/)).toHaveCount(0);
    const stat = (label: string) => page.locator('div', { has: page.getByText(label, { exact: true }) }).last();
    await expect(stat('Created')).toContainText('2');
    await page.getByRole('link', { name: 'View imported companies' }).click();
    const grid = page.getByRole('region', { name: 'companies, scrollable' });
    await expect(grid.getByRole('link', { name: 'Initech' })).toBeVisible();
    await expect(grid.getByRole('link', { name: 'Chotchkies' })).toBeVisible();
  });
});

test('an abandoned upload is discarded from the history', async ({ page }) => {
  await registerByApi(page.request, newAccount('discard'));
  await page.goto('/my-contacts/upload-file');
  await page.locator('input[type="file"]').setInputFiles({ name: 'abandoned.csv', mimeType: 'text/csv', buffer: Buffer.from('Email\nleft@x-e2e.io\n') });
  await expect(page.getByRole('heading', { name: 'File preview' })).toBeVisible();
  await page.goto('/my-contacts/uploaded-files');
  const row = page.getByRole('row', { name: /abandoned\.csv/ });
  await expect(row).toContainText('Waiting for its mapping');
  await row.getByRole('button', { name: 'Discard abandoned.csv' }).click();
  await page.getByRole('dialog', { name: 'Discard abandoned.csv?' }).getByRole('button', { name: 'Discard upload' }).click();
  await expect(page.getByText('abandoned.csv discarded')).toBeVisible();
  await expect(page.getByRole('row', { name: /abandoned\.csv/ })).toHaveCount(0);

  // a discarded or malformed link: a friendly not-found with the way back, not an error box
  for (const id of ['00000000-0000-7000-8000-000000000000', 'bogus']) {
    await page.goto(`/my-contacts/uploaded-files/${id}`);
    await expect(page.getByText('This uploaded file does not exist')).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to uploaded files' }).click();
  await expect(page).toHaveURL(/\/my-contacts\/uploaded-files$/);
  await page.goto('/lists/my-lists/bogus');
  await expect(page.getByText('This list does not exist')).toBeVisible();
});
