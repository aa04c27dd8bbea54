import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { createCompanyByApi, createContactByApi } from './support/api';

async function register(page: Page, label: string) {
  await registerByApi(page.request, newAccount(label));
}

const grid = (page: Page) => page.getByRole('region', { name: 'companies, scrollable' });

test('a company: create, refuse a duplicate domain, its contacts, edit in place, merge two, delete', async ({
  page,
}) => {
  await register(page, 'companies');

  // The empty grid offers the first action; the drawer creates the company and opens it.
  await page.goto('/my-contacts/companies');
  await expect(page.getByText('No companies yet')).toBeVisible();
  await page.getByRole('button', { name: 'New company' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'New company' });
  // The name is required: the form says so under the field and keeps what was typed.
  await drawer.getByLabel('Domain').fill('engines.example');
  await drawer.getByRole('button', { name: 'Create company' }).click();
  await expect(drawer.getByText('Enter the company name')).toBeVisible();
  await expect(drawer.getByLabel('Domain')).toHaveValue('engines.example');
  await drawer.getByLabel('Name').fill('Analytical Engines');
  await drawer.getByLabel('Founded').fill('1837');
  await drawer.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytical Engines' })).toBeVisible();
  await expect(page).toHaveURL(/\/my-contacts\/companies\/[0-9a-f-]{36}$/);
  const companyUrl = page.url();
  await expect(page.getByRole('region', { name: 'Company', exact: true }).getByText('1837')).toBeVisible();

  // A duplicate domain is refused with a way to the existing company.
  await page.goto('/my-contacts/companies');
  await page.getByRole('button', { name: 'New company' }).first().click();
  await drawer.getByLabel('Name').fill('Engines again');
  await drawer.getByLabel('Domain').fill('ENGINES.example');
  await drawer.getByRole('button', { name: 'Create company' }).click();
  await expect(drawer.getByText('A company with this domain already exists.')).toBeVisible();
  await drawer.getByRole('link', { name: 'Open it' }).click();
  await expect(page).toHaveURL(companyUrl);

  // A contact at its domain links to it: the company lists it, the contact names the company.
  await createContactByApi(page.request, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engines.example' });
  await page.reload();
  const people = page.getByRole('region', { name: 'Contacts (1)' });
  await expect(people.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
  await people.getByRole('link', { name: 'Ada Lovelace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await page
    .getByRole('region', { name: 'Company', exact: true })
    .getByRole('link', { name: 'Analytical Engines' })
    .click();
  await expect(page).toHaveURL(companyUrl);

  // Edit in place: Enter saves, the timeline records it.
  await page.getByRole('button', { name: 'Edit Industry' }).click();
  const industry = page.getByRole('textbox', { name: 'Industry' });
  await expect(industry).toBeFocused();
  await industry.fill('Computing');
  await industry.press('Enter');
  await expect(industry).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Company', exact: true }).getByText('Computing', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Activity' }).getByText(/changed Industry/)).toBeVisible();

  // Merge a second company into it from the grid: the kept one takes the chosen industry.
  await createCompanyByApi(page.request, { name: 'Babbage & Co', industry: 'Engineering' });
  await page.goto('/my-contacts/companies');
  await expect(grid(page).getByRole('link', { name: 'Babbage & Co' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Analytical Engines' }).check();
  await page.getByRole('checkbox', { name: 'Select Babbage & Co' }).check();
  const bar = page.getByRole('toolbar', { name: 'Actions on selected companies' });
  await expect(bar.getByText('2 companies selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Merge' }).click();
  const mergeDialog = page.getByRole('dialog', { name: 'Merge two companies' });
  await mergeDialog.getByRole('radio', { name: 'Analytical Engines', exact: true }).check();
  await mergeDialog.getByRole('radio', { name: 'Industry: Engineering (from Babbage & Co)' }).check();
  await mergeDialog.getByRole('button', { name: 'Merge into Analytical Engines' }).click();
  await expect(page.getByText(/Companies merged/)).toBeVisible();
  await expect(grid(page).getByRole('link', { name: 'Babbage & Co' })).toBeHidden();
  await expect(grid(page).getByRole('row', { name: /Analytical Engines/ })).toContainText('Engineering');

  // Delete from its page: the confirmation says its contact stays.
  await grid(page).getByRole('link', { name: 'Analytical Engines' }).click();
  await page.getByRole('button', { name: 'Delete company' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Analytical Engines?' });
  await expect(confirm.getByText('Its 1 contact stays, without a company.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete company' }).click();
  await expect(page.getByText('Analytical Engines deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/my-contacts\/companies$/);
  await expect(page.getByText('No companies yet')).toBeVisible();

  // Its page is gone; the contact stayed, without a company.
  await page.goto(companyUrl);
  await expect(page.getByText('This company does not exist')).toBeVisible();
  await page.goto('/my-contacts/contacts');
  await expect(
    page.getByRole('region', { name: 'contacts, scrollable' }).getByRole('link', { name: 'Ada Lovelace' }),
  ).toBeVisible();
});

test('companies in a list: the same grid on the list page, remove one, export the rest', async ({ page }) => {
  await register(page, 'company-list');
  for (const data of [
    { name: 'Globex', domain: 'globex.example' },
    { name: 'Initech', domain: 'initech.example' },
  ]) {
    await createCompanyByApi(page.request, data);
  }

  await page.goto('/my-contacts/companies');
  await page.getByRole('checkbox', { name: 'Select Globex' }).check();
  await page.getByRole('checkbox', { name: 'Select Initech' }).check();
  await page
    .getByRole('toolbar', { name: 'Actions on selected companies' })
    .getByRole('button', { name: 'Add to list' })
    .click();
  const addDialog = page.getByRole('dialog', { name: 'Add to list' });
  await addDialog.getByLabel('Name of the new list').fill('Accounts Q3');
  await addDialog.getByRole('button', { name: 'Create list and add' }).click();
  await expect(page.getByText('2 companies added to “Accounts Q3”')).toBeVisible();
  await page.getByRole('link', { name: 'Open the list' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Accounts Q3' })).toBeVisible();
  await expect(page.getByTestId('list-member-count')).toHaveText('2 companies');
  await expect(grid(page).getByRole('link', { name: 'Initech' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Initech' }).check();
  const bar = page.getByRole('toolbar', { name: 'Actions on selected companies' });
  // The list page's bulk actions: its own first, then the grid's (no merge here).
  await expect(bar.getByRole('button', { name: 'Assign owner' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Merge' })).toBeHidden();
  await bar.getByRole('button', { name: 'Remove from list' }).click();
  await page
    .getByRole('dialog', { name: 'Remove 1 company from the list?' })
    .getByRole('button', { name: 'Remove 1 company' })
    .click();
  await expect(page.getByText('1 company removed from “Accounts Q3”')).toBeVisible();
  await expect(page.getByTestId('list-member-count')).toHaveText('1 company');
  await expect(grid(page).getByRole('link', { name: 'Initech' })).toBeHidden();

  // The list's export: its members only, straight to a file (companies are never suppressed).
  const downloadPromise = page.waitForEvent('download');
  await page
    .getByRole('link', { name: 'Export', exact: true })
    .or(page.getByRole('button', { name: 'Export', exact: true }))
    .click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^accounts-q3-.*\.csv$/);
  const csv = await fs.readFile(await download.path(), 'utf8');
  expect(csv).toContain('globex.example');
  expect(csv).not.toContain('initech.example');
});
