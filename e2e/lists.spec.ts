import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { createContactByApi } from './support/api';

/** Closes the toasts (and waits for them to leave): axe must not catch one half-faded. */
async function dismissToasts(page: Page): Promise<void> {
  const buttons = page.getByRole('button', { name: 'Dismiss' });
  for (const button of await buttons.all()) await button.click().catch(() => undefined);
  await expect(buttons).toHaveCount(0);
}

async function register(page: Page, label: string) {
  await registerByApi(page.request, newAccount(label));
}

const contactsGrid = (page: Page) => page.getByRole('region', { name: 'contacts, scrollable' });
const row = (page: Page, name: string) =>
  contactsGrid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name }) });

test('a list from a filtered grid, remove a member, suppress a domain: badges and an export without them', async ({
  page,
}) => {
  await register(page, 'lists');
  await page.goto('/lists/my-lists');
  await expect(page.getByText('No lists yet')).toBeVisible();

  const people = [
    { firstName: 'Ada', lastName: 'Acme', email: 'ada@acme.example', country: 'France' },
    { firstName: 'Bob', lastName: 'Sales', email: 'bob@sales.acme.example', country: 'France' },
    { firstName: 'Cy', lastName: 'Globex', email: 'cy@globex.example', country: 'France' },
    { firstName: 'Dee', lastName: 'Initech', email: 'dee@initech.example', country: 'France' },
    { firstName: 'Eve', lastName: 'Madrid', email: 'eve@acme.example', country: 'Spain' },
  ];
  for (const person of people) await createContactByApi(page.request, person);

  // The contacts grid, filtered to France.
  await page.goto('/my-contacts/contacts');
  await expect(row(page, 'Eve Madrid')).toBeVisible();
  await page.getByRole('button', { name: 'Add filter' }).click();
  const editor = page.getByRole('dialog', { name: 'Add filter' });
  await editor.getByRole('combobox', { name: 'Field' }).fill('Country');
  await page.getByRole('option', { name: 'Country' }).click();
  await editor.getByRole('combobox', { name: 'Condition' }).click();
  await page.getByRole('option', { name: 'is', exact: true }).click();
  // country values are picked from the grid's own, with counts (issue 14)
  await editor.getByRole('combobox', { name: 'Value' }).fill('France');
  await editor.getByRole('option', { name: /France/ }).click();
  await editor.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page.getByText('4 contacts', { exact: true })).toBeVisible();
  await expect(row(page, 'Eve Madrid')).toBeHidden();

  // Every row of the filter goes into a new list.
  await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
  const bar = page.getByRole('toolbar', { name: 'Actions on selected contacts' });
  await bar.getByRole('button', { name: 'Add to list' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add to list' });
  await addDialog.getByLabel('Name of the new list').fill('France Q3');
  await addDialog.getByRole('button', { name: 'Create list and add' }).click();
  await expect(page.getByText('4 contacts added to “France Q3”')).toBeVisible();
  await page.getByRole('link', { name: 'Open the list' }).click();

  // The list page: the same grid, scoped to the members.
  await expect(page.getByRole('heading', { level: 1, name: 'France Q3' })).toBeVisible();
  await expect(page.getByTestId('list-member-count')).toHaveText('4 contacts');
  await expect(row(page, 'Dee Initech')).toBeVisible();
  await expect(row(page, 'Eve Madrid')).toBeHidden();
  await dismissToasts(page);
  await expectNoSeriousViolations(page);

  // Remove a member.
  await page.getByRole('checkbox', { name: 'Select Dee Initech' }).check();
  await page
    .getByRole('toolbar', { name: 'Actions on selected contacts' })
    .getByRole('button', { name: 'Remove from list' })
    .click();
  const removeDialog = page.getByRole('dialog', { name: 'Remove 1 contact from the list?' });
  await removeDialog.getByRole('button', { name: 'Remove 1 contact' }).click();
  await expect(page.getByText('1 contact removed from “France Q3”')).toBeVisible();
  await expect(row(page, 'Dee Initech')).toBeHidden();
  await expect(page.getByTestId('list-member-count')).toHaveText('3 contacts');
  const listUrl = page.url();

  // The list shows on a member's page.
  await row(page, 'Cy Globex').getByRole('link', { name: 'Cy Globex' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cy Globex' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Lists of Cy Globex' }).getByRole('link', { name: 'France Q3' }),
  ).toBeVisible();

  // Suppress the whole acme.example domain (its subdomains too).
  await page.goto('/lists/suppression-list');
  await expect(page.getByText('Nobody is suppressed yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add entries' }).click();
  const suppressDialog = page.getByRole('dialog', { name: 'Add to the suppression list' });
  await suppressDialog.getByLabel('Email, domain or hashed email').fill('acme.example');
  await expect(suppressDialog.getByText('A domain covers its subdomains too')).toBeVisible();
  await suppressDialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Customer' }).click();
  await suppressDialog.getByRole('button', { name: 'Add to suppression list' }).click();
  await expect(page.getByText('acme.example is suppressed')).toBeVisible();
  await expect(page.getByTestId('suppression-row').filter({ hasText: 'acme.example (and subdomains)' })).toBeVisible();
  await dismissToasts(page);
  await expectNoSeriousViolations(page);

  // The badge appears on the domain's contacts, subdomain included, and names the entry.
  await page.goto(listUrl);
  await expect(row(page, 'Ada Acme').getByTestId('suppressed-badge')).toBeVisible();
  await expect(row(page, 'Bob Sales').getByTestId('suppressed-badge')).toBeVisible();
  await expect(row(page, 'Cy Globex').getByTestId('suppressed-badge')).toBeHidden();
  await row(page, 'Bob Sales').getByTestId('suppressed-badge').hover();
  await expect(page.getByRole('tooltip')).toContainText(
    'Suppressed by domain acme.example (and its subdomains) · Customer',
  );

  // The export says how many it leaves out, and leaves them out.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export 3 contacts' });
  await expect(exportDialog.getByText('2 contacts on the suppression list are left out')).toBeVisible();
  await expect(exportDialog.getByText('1 contact will be exported as CSV')).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^france-q3-.*\.csv$/);
  const csv = await fs.readFile(await download.path(), 'utf8');
  expect(csv).toContain('cy@globex.example');
  expect(csv).not.toContain('acme.example');

  // Opting in includes them.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByLabel('Include the 2 contacts on the suppression list').check();
  const allPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const all = await fs.readFile(await (await allPromise).path(), 'utf8');
  expect(all).toContain('ada@acme.example');
  expect(all).toContain('bob@sales.acme.example');

  // My lists: the list with its size.
  await page.goto('/lists/my-lists');
  const listRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'France Q3' }) });
  await expect(listRow.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await dismissToasts(page);
  await expectNoSeriousViolations(page);
});

test('paste many suppressions with a per-line report, only the lines to fix left, search by address', async ({
  page,
}) => {
  await register(page, 'suppress');
  await page.goto('/lists/suppression-list');
  await page.getByRole('button', { name: 'Add entries' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to the suppression list' });
  await dialog.getByRole('tab', { name: 'Paste many' }).click();
  await dialog.getByLabel('Entries, one per line').fill('jane@example.org\nnot an entry\ncompetitor.example\n');
  await dialog.getByRole('button', { name: 'Add 3 entries' }).click();
  await expect(dialog.getByText('2 entries added · 1 line not added')).toBeVisible();
  const report = dialog.getByRole('table', { name: 'Lines not added' });
  await expect(
    report.getByRole('row').filter({ hasText: 'not an entry' }).getByRole('cell', { name: '2', exact: true }),
  ).toBeVisible();
  // the added lines leave the box at once: only the line to fix is left, and offered again alone
  await expect(dialog.getByLabel('Entries, one per line')).toHaveValue('not an entry');
  await expect(dialog.getByRole('button', { name: 'Add 3 entries' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add 1 entry' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('suppression-row')).toHaveCount(2);

  // A CSV goes through the shared upload client (lib/upload-client.ts): one new row, one already
  // on the list, one the server refuses.
  await page.getByRole('button', { name: 'Add entries' }).click();
  await dialog.getByRole('tab', { name: 'Upload CSV' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'opt-outs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('email\nsam@upload.example\njane@example.org\nnot an entry\n'),
  });
  await expect(dialog.getByText('opt-outs.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload and add' }).click();
  await expect(dialog.getByText('1 entry added · 1 already on the list · 1 line not added')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('suppression-row')).toHaveCount(3);

  // Search finds the domain entry from an address on a subdomain.
  await page.getByLabel('Search').fill('someone@eu.competitor.example');
  await expect(page.getByTestId('suppression-row')).toHaveCount(1);
  await expect(page.getByTestId('suppression-row')).toContainText('competitor.example');
});
