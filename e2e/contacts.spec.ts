import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { createCompanyByApi, createContactByApi } from './support/api';
import { originHeader } from './support/env';

/** Splits a CSV (UTF-8 with BOM) into rows of cells; enough for quoted cells without line breaks. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.length > 0)
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i]!;
        if (quoted) {
          if (ch === '"' && line[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (ch === '"') quoted = false;
          else cell += ch;
        } else if (ch === '"') quoted = true;
        else if (ch === ',') {
          cells.push(cell);
          cell = '';
        } else cell += ch;
      }
      cells.push(cell);
      return cells;
    });
}

async function register(page: Page, label: string) {
  // page.request shares the page's cookies: registering signs the page in.
  await registerByApi(page.request, newAccount(label));
}

/** Writes through the API as the signed-in page (same-origin, as the CSRF check wants). */
async function post(page: Page, url: string, options: { data: unknown }) {
  return page.request.post(url, { data: options.data, headers: originHeader });
}

const grid = (page: Page) => page.getByRole('region', { name: 'contacts, scrollable' });

test('a contact with a custom field: create, find by search and filter, edit inline, timeline, export', async ({
  page,
}) => {
  await register(page, 'contacts');

  // A custom number field for contacts.
  await page.goto('/settings/masters/custom-fields');
  await expect(page.getByRole('heading', { level: 1, name: 'Custom fields' })).toBeVisible();
  await expect(page.getByText('No custom fields for contacts yet')).toBeVisible();
  await page.getByRole('button', { name: 'New contact field' }).first().click();
  const fieldDialog = page.getByRole('dialog', { name: 'New contact field' });
  await fieldDialog.getByLabel('Label').fill('Lead score');
  await fieldDialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Number' }).click();
  await fieldDialog.getByRole('button', { name: 'Create field' }).click();
  await expect(fieldDialog).toBeHidden();
  await expect(page.getByText('Lead score', { exact: true })).toBeVisible();
  await expect(page.getByText('lead_score')).toBeVisible();

  // The empty grid offers the first actions.
  await page.goto('/my-contacts/contacts');
  await expect(page.getByText('No contacts yet')).toBeVisible();

  // Create a contact with a custom field value in the drawer.
  await page.getByRole('button', { name: 'New contact' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'New contact' });
  await drawer.getByLabel('First name').fill('Grace');
  await drawer.getByLabel('Last name').fill('Hopper');
  await drawer.getByLabel('Email', { exact: true }).fill('grace@navy.example');
  await drawer.getByLabel('Job title').fill('Rear admiral');
  await drawer.getByLabel('Lead score').fill('87');
  await drawer.getByRole('button', { name: 'Add an email' }).click();
  await drawer.getByRole('textbox', { name: 'Additional email 1' }).fill('Amazing.Grace@gmail.com');
  await drawer.getByRole('button', { name: 'Create contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByText('87', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Additional emails' })).toHaveText(/amazing\.grace@gmail\.com\s*Personal/);
  const graceUrl = page.url();

  // A duplicate email is refused with a way to the existing contact.
  await page.goto('/my-contacts/contacts');
  await page.getByRole('button', { name: 'New contact' }).first().click();
  await drawer.getByLabel('Email', { exact: true }).fill('GRACE@navy.example');
  await drawer.getByRole('button', { name: 'Create contact' }).click();
  await expect(drawer.getByText('A contact with this email already exists.')).toBeVisible();
  await drawer.getByRole('link', { name: 'Open it' }).click();
  await expect(page).toHaveURL(graceUrl);

  // Another contact, through the API, that search and filter must leave out.
  await createContactByApi(page.request, {
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@bletchley.example',
    jobTitle: 'Cryptanalyst',
    customFields: { lead_score: 40 },
  });

  await page.goto('/my-contacts/contacts');
  await expect(grid(page).getByRole('link', { name: 'Alan Turing' })).toBeVisible();
  await expect(grid(page).getByRole('link', { name: 'Grace Hopper' })).toBeVisible();

  // Quick search: "/" focuses it; the search goes to the URL.
  await page.locator('body').press('/');
  await expect(page.getByRole('searchbox', { name: 'Search contacts' })).toBeFocused();
  await page.keyboard.type('hopper');
  await expect(page).toHaveURL(/[?&]q=hopper/);
  await expect(grid(page).getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
  await expect(grid(page).getByRole('link', { name: 'Alan Turing' })).toBeHidden();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(grid(page).getByRole('link', { name: 'Alan Turing' })).toBeVisible();

  // Filter on the custom field: Lead score greater than 50.
  await page.getByRole('button', { name: 'Add filter' }).click();
  const editor = page.getByRole('dialog', { name: 'Add filter' });
  await editor.getByRole('combobox', { name: 'Field' }).fill('Lead');
  await page.getByRole('option', { name: 'Lead score' }).click();
  await editor.getByRole('combobox', { name: 'Condition' }).click();
  await page.getByRole('option', { name: 'is greater than' }).click();
  await editor.getByLabel('Value').fill('50');
  await editor.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page.getByRole('button', { name: 'Lead score is greater than 50', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/[?&]filter=/);
  await expect(grid(page).getByRole('link', { name: 'Alan Turing' })).toBeHidden();
  await expect(grid(page).getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByText('1 contact', { exact: true })).toBeVisible();
  const filteredUrl = page.url();

  // Export the filtered grid: only Grace, with the visible columns.
  const downloadPromise = page.waitForEvent('download');
  await page
    .getByRole('link', { name: 'Export', exact: true })
    .or(page.getByRole('button', { name: 'Export', exact: true }))
    .click();
  // The contacts page may first say how many suppressed contacts the export leaves out.
  const confirmDownload = page.getByRole('button', { name: 'Download CSV' });
  await Promise.race([
    downloadPromise,
    confirmDownload.waitFor({ timeout: 5_000 }).then(
      () => confirmDownload.click(),
      () => undefined,
    ),
  ]);
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^contacts-.*\.csv$/);
  const csv = await fs.readFile(await download.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const rows = parseCsv(csv);
  expect(rows).toHaveLength(2);
  const [header, row] = rows as [string[], string[]];
  expect(header).toEqual(expect.arrayContaining(['First name', 'Last name', 'Email', 'Job title']));
  expect(row[header.indexOf('First name')]).toBe('Grace');
  expect(row[header.indexOf('Email')]).toBe('grace@navy.example');
  expect(row[header.indexOf('Job title')]).toBe('Rear admiral');

  // … or every field, custom ones included, with times in this browser's zone as a spreadsheet reads them
  const allPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export: more choices' }).click();
  await page.getByRole('menuitem', { name: 'All fields, custom fields included' }).click();
  await Promise.race([
    allPromise,
    confirmDownload.waitFor({ timeout: 5_000 }).then(
      () => confirmDownload.click(),
      () => undefined,
    ),
  ]);
  const [allHeader, allRow] = parseCsv(await fs.readFile(await (await allPromise).path(), 'utf8')) as [string[], string[]];
  expect(allHeader).toEqual(expect.arrayContaining(['Lead score', 'Created', 'Updated']));
  expect(allRow[allHeader.indexOf('Created')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  // Open the row, edit the job title in place (Enter saves), see the edit on the timeline.
  await grid(page).getByRole('link', { name: 'Grace Hopper' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Job title' }).click();
  const jobTitle = page.getByRole('textbox', { name: 'Job title' });
  await expect(jobTitle).toBeFocused();
  await jobTitle.fill('Commodore');
  await jobTitle.press('Enter');
  await expect(jobTitle).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Contact', exact: true }).getByText('Commodore', { exact: true }),
  ).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Activity' });
  await expect(timeline.getByText(/changed Job title: Rear admiral → Commodore/)).toBeVisible();
  await expect(timeline.getByText(/created this contact/)).toBeVisible();
  await expect(timeline.getByText(/exported this contact/)).toHaveCount(2); // the visible columns, then all fields

  // Esc cancels an edit; a bad value shows the API's error under the field and keeps the input.
  await page.getByRole('button', { name: 'Edit Lead score' }).click();
  await page.getByRole('textbox', { name: 'Lead score' }).fill('99');
  await page.getByRole('textbox', { name: 'Lead score' }).press('Escape');
  await expect(page.getByText('87', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Email', exact: true }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('alan@bletchley.example');
  await page.getByRole('textbox', { name: 'Email', exact: true }).press('Enter');
  await expect(page.getByText('A contact with this email already exists.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).press('Escape');

  // A note, shown in the notes and on the timeline.
  await page.getByLabel('New note').fill('Met at the navy conference.');
  await page.getByRole('button', { name: 'Add note' }).click();
  // the box clears once the note is saved; until then its text is in the region twice
  await expect(page.getByLabel('New note')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Notes' }).getByText('Met at the navy conference.')).toBeVisible();
  await expect(timeline.getByText(/added a note/)).toBeVisible();

  // Back to the filtered grid: the filter came back from the URL, the edit shows.
  await page.goto(filteredUrl);
  await expect(page.getByRole('button', { name: 'Lead score is greater than 50', exact: true })).toBeVisible();
  await expect(grid(page).getByText('Commodore')).toBeVisible();
});

test('bulk delete asks with the count and removes the rows', async ({ page }) => {
  await register(page, 'bulk');
  for (const name of ['Ada', 'Charles', 'Mary'])
    await createContactByApi(page.request, { firstName: name, lastName: 'Tester' });
  await page.goto('/my-contacts/contacts');
  await expect(grid(page).getByRole('link', { name: 'Mary Tester' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Ada Tester' }).check();
  await page.getByRole('checkbox', { name: 'Select Mary Tester' }).check();
  const bar = page.getByRole('toolbar', { name: 'Actions on selected contacts' });
  await expect(bar.getByText('2 contacts selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 2 contacts?' });
  await dialog.getByRole('button', { name: 'Delete 2 contacts' }).click();
  await expect(page.getByText('2 contacts deleted')).toBeVisible();
  await expect(grid(page).getByRole('link', { name: 'Mary Tester' })).toBeHidden();
  await expect(grid(page).getByRole('link', { name: 'Charles Tester' })).toBeVisible();
});

test('the duplicates view: bulk merge after a preview, then undo from the toast', async ({ page }) => {
  await register(page, 'dupes');
  const lou = { linkedinUrl: 'https://www.linkedin.com/in/lou-dupes' };
  await createContactByApi(page.request, { firstName: 'Lou', lastName: 'Reed', email: 'lou@dupes.example', ...lou });
  await createContactByApi(page.request, { firstName: 'Louis', lastName: 'Reed', jobTitle: 'Singer', ...lou });
  await createContactByApi(page.request, { firstName: 'Nico', lastName: 'Paffgen', mobilePhone: '+4930123456' });
  await createContactByApi(page.request, { firstName: 'Christa', lastName: 'Paffgen', workPhone: '+49 30 123456' });
  await page.goto('/my-contacts/contacts');
  await page.getByRole('link', { name: 'Duplicates (2)' }).click();
  await expect(page.getByRole('heading', { name: 'Duplicate contacts' })).toBeVisible();
  const pair = page.getByRole('region', { name: 'Likely duplicates: Lou Reed and Louis Reed' });
  await expect(pair.getByText('Same LinkedIn profile')).toBeVisible();
  await expect(page.getByRole('region', { name: /Likely duplicates: .*Paffgen and .*Paffgen/ }).getByText('Same phone')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('checkbox', { name: 'Select all 2 pairs shown' }).check();
  await page.getByRole('button', { name: 'Merge selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge 2 pairs?' });
  // the preview: Lou keeps his values and takes the job title the other held
  await expect(dialog.getByText('Keep Lou Reed')).toBeVisible();
  await expect(dialog.getByText(/Job title: Singer/)).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Merge 2 pairs' }).click();
  await expect(dialog).toBeHidden();
  const toast = page.getByRole('alert').filter({ hasText: '2 pairs merged' });
  await expect(toast).toBeVisible();
  await expect(page.getByText('No likely duplicates')).toBeVisible();
  const merged = await page.request.get('/api/v1/contacts/count');
  expect(await merged.json()).toEqual({ total: 2 });

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Merge undone: 2 contacts restored')).toBeVisible();
  await expect(pair).toBeVisible();
  const restored = await page.request.get('/api/v1/contacts/count');
  expect(await restored.json()).toEqual({ total: 4 });
  await expect(page.getByRole('region', { name: 'Recent merges' }).getByText(/undone/)).toBeVisible();
});

test('a contact with two emails: imported from an Outlook-style file, merged, edited, exported', async ({ page }) => {
  await register(page, 'channels');
  // the same person already in the workspace under another address
  await createContactByApi(page.request, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@byron.example' });

  await page.goto('/my-contacts/upload-file');
  const csv = 'First Name,Last Name,E-mail Address,E-mail 2 Address\nAda,Lovelace,ada@engine.example,ada@home.example\n';
  await page.locator('input[type="file"]').setInputFiles({ name: 'outlook.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('combobox', { name: 'Import “E-mail Address” into' })).toHaveValue('Email');
  await expect(page.getByRole('combobox', { name: 'Import “E-mail 2 Address” into' })).toHaveValue('Additional email (other)');
  await page.getByRole('button', { name: 'Next: options' }).click();
  await page.getByRole('button', { name: 'Next: review' }).click();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible({ timeout: 30_000 });

  // merge the two Adas, keeping the imported one: every address stays
  await page.goto('/my-contacts/contacts?q=lovelace');
  await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();
  const rows = grid(page).getByRole('checkbox', { name: 'Select Ada Lovelace' });
  await rows.nth(0).check();
  await rows.nth(1).check();
  await page.getByRole('toolbar', { name: 'Actions on selected contacts' }).getByRole('button', { name: 'Merge' }).click();
  const mergeDialog = page.getByRole('dialog', { name: 'Merge two contacts' });
  await expect(mergeDialog.getByText(/Every email and phone of both stays/)).toBeVisible();
  await mergeDialog.getByRole('radio', { name: 'Ada Lovelace (ada@engine.example)', exact: true }).check();
  await mergeDialog.getByRole('button', { name: /^Merge into Ada Lovelace/ }).click();
  await expect(page.getByText(/Contacts merged/)).toBeVisible();
  await expect(page.getByText('1 contact', { exact: true })).toBeVisible();

  // the detail lists both other addresses; one is typed by keyboard, the other made primary
  await grid(page).getByRole('link', { name: 'Ada Lovelace' }).click();
  const more = page.getByRole('region', { name: 'More emails and phones' });
  const others = more.getByRole('list', { name: 'Additional emails' });
  await expect(others.getByRole('listitem')).toHaveText([/ada@home\.example\s*Other/, /ada@byron\.example\s*Work/]);
  await more.getByRole('button', { name: 'Edit additional emails' }).click();
  await expectNoSeriousViolations(page);
  await more.getByRole('combobox', { name: 'Type of email 1' }).click();
  await page.getByRole('option', { name: 'Personal' }).click();
  await more.getByRole('textbox', { name: 'Additional email 2' }).fill('not an email');
  await more.getByRole('textbox', { name: 'Additional email 2' }).press('Enter');
  await expect(more.getByText('Enter a valid email address')).toBeVisible();
  await more.getByRole('textbox', { name: 'Additional email 2' }).fill('ada@byron.example');
  await more.getByRole('button', { name: 'Save additional emails' }).click();
  await expect(others.getByRole('listitem').first()).toContainText('Personal');
  await more.getByRole('button', { name: 'Make ada@home.example the primary email' }).click();
  await expect(page.getByText('ada@home.example is now the primary email; ada@engine.example is an additional one')).toBeVisible();
  await expect(others.getByRole('listitem')).toHaveText([/ada@engine\.example\s*Personal/, /ada@byron\.example/]);

  // the export holds every address, in numbered columns our import reads back
  const exported = await page.request.get('/api/v1/contacts/export');
  const [header, row] = parseCsv(await exported.text()) as [string[], string[]];
  expect(header).toEqual(expect.arrayContaining(['Email', 'Email 2', 'Email 3']));
  expect([header.indexOf('Email'), header.indexOf('Email 2'), header.indexOf('Email 3')].map((i) => row[i])).toEqual([
    'ada@home.example',
    'ada@engine.example',
    'ada@byron.example',
  ]);
});

test('select all matching, assign owner, merge two, sort, choose columns', async ({ page }) => {
  await register(page, 'grid');
  for (let i = 0; i < 60; i++) {
    await createContactByApi(page.request, {
      firstName: `Person${String(i).padStart(2, '0')}`,
      lastName: 'Bulk',
      email: `p${i}@bulk.example`,
    });
  }
  await page.goto('/my-contacts/contacts');
  await expect(page.getByText('60 contacts', { exact: true })).toBeVisible();

  // Header checkbox ticks the loaded page; the bar offers every match.
  await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
  const bar = page.getByRole('toolbar', { name: 'Actions on selected contacts' });
  await expect(bar.getByText('50 contacts selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Select all 60 matching' }).click();
  await expect(bar.getByText('All 60 contacts matching selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Assign owner' }).click();
  const ownerDialog = page.getByRole('dialog', { name: 'Assign owner' });
  await ownerDialog.getByRole('combobox', { name: 'New owner' }).click();
  await page.getByRole('option', { name: 'No owner' }).click();
  await ownerDialog.getByRole('button', { name: 'Assign owner' }).click();
  await expect(page.getByText('60 contacts now owned by no one.')).toBeVisible();
  await expect(bar).toBeHidden();

  // Edit field on all matching runs as a job (decision 0029): the dialog follows it to the usual message.
  await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
  await bar.getByRole('button', { name: 'Select all 60 matching' }).click();
  await bar.getByRole('button', { name: 'Edit field' }).click();
  const editDialog = page.getByRole('dialog', { name: /Edit a field of 60 contacts/ });
  await editDialog.getByRole('combobox', { name: 'Field' }).fill('Seniority');
  await editDialog.getByRole('option', { name: 'Seniority' }).click();
  await editDialog.getByRole('combobox', { name: 'New value' }).click();
  await editDialog.getByRole('option', { name: 'Director' }).click();
  await editDialog.getByRole('button', { name: 'Update 60 contacts' }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByText('60 contacts changed.')).toBeVisible();
  const directors = await page.request.get(`/api/v1/contacts/count?filter=${encodeURIComponent(JSON.stringify({ field: 'seniority', op: 'is', value: 'director' }))}`);
  expect(await directors.json()).toEqual({ total: 60 });
  await expect(bar).toBeHidden();

  // Sorting by a header goes to the URL.
  await page.getByRole('button', { name: /^Name: sort ascending/ }).click();
  await expect(page).toHaveURL(/[?&]sort=firstName/);
  await page.getByRole('button', { name: /^Name: sort descending/ }).click();
  await expect(page).toHaveURL(/[?&]sort=-firstName/);
  await expect(grid(page).getByRole('row').nth(1)).toContainText('Person59');
  await page.goBack();
  await expect(page).toHaveURL(/[?&]sort=firstName/);
  await expect(grid(page).getByRole('row').nth(1)).toContainText('Person00');

  // Merge two: the kept one stays with the chosen email.
  await page.getByRole('checkbox', { name: 'Select Person00 Bulk' }).check();
  await page.getByRole('checkbox', { name: 'Select Person01 Bulk' }).check();
  await bar.getByRole('button', { name: 'Merge' }).click();
  const mergeDialog = page.getByRole('dialog', { name: 'Merge two contacts' });
  await mergeDialog.getByRole('radio', { name: 'Email: p1@bulk.example (from Person01 Bulk)' }).check();
  await mergeDialog.getByRole('button', { name: 'Merge into Person00 Bulk' }).click();
  await expect(page.getByText(/Contacts merged/)).toBeVisible();
  await expect(page.getByText('59 contacts', { exact: true })).toBeVisible();
  await expect(grid(page).getByRole('link', { name: 'Person01 Bulk' })).toBeHidden();
  await expect(grid(page).getByRole('row', { name: /Person00 Bulk/ })).toContainText('p1@bulk.example');

  // Resizing a column by its header's handle (mouse, then keyboard) is saved for this user too.
  const resizer = grid(page).getByRole('separator', { name: 'Resize Email' });
  const before = Number(await resizer.getAttribute('aria-valuenow'));
  const handle = (await resizer.boundingBox())!;
  const savedWidth = page.waitForResponse(
    (r) => r.url().includes('/api/v1/grid-preferences/contacts') && r.request().method() === 'PUT',
  );
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 40, handle.y + handle.height / 2, { steps: 4 });
  await page.mouse.move(handle.x + handle.width / 2 + 80, handle.y + handle.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(resizer).toHaveAttribute('aria-valuenow', String(before + 80));
  await resizer.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(resizer).toHaveAttribute('aria-valuenow', String(before + 64));
  expect((await savedWidth).status()).toBe(200);
  await page.waitForTimeout(800); // the keyboard's change is saved shortly after, as one request
  await page.reload();
  await expect(grid(page).getByRole('separator', { name: 'Resize Email' })).toHaveAttribute('aria-valuenow', String(before + 64));

  // Hiding a column is saved for this user: it stays hidden after a reload.
  await expect(grid(page).getByRole('columnheader', { name: /Email/ })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  const savedColumns = page.waitForResponse(
    (r) => r.url().includes('/api/v1/grid-preferences/contacts') && r.request().method() === 'PUT',
  );
  await page
    .getByRole('dialog', { name: 'Choose columns' })
    .getByRole('checkbox', { name: 'Email', exact: true })
    .uncheck();
  await expect(grid(page).getByRole('columnheader', { name: /Email/ })).toBeHidden();
  expect((await savedColumns).status()).toBe(200);
  await page.reload();
  await expect(grid(page).getByRole('link', { name: 'Person00 Bulk' })).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: /Email/ })).toBeHidden();
});

test('custom fields: keyboard reordering, renaming an option keeps values, archive and delete', async ({ page }) => {
  await register(page, 'fields');
  for (const label of ['Budget', 'Region code']) {
    const response = await post(page, '/api/v1/custom-fields', { data: { entity: 'contacts', label, type: 'text' } });
    expect(response.status()).toBe(201);
  }
  const tier = await post(page, '/api/v1/custom-fields', {
    data: {
      entity: 'contacts',
      label: 'Tier',
      type: 'single_select',
      options: [{ label: 'Gold' }, { label: 'Silver' }],
    },
  });
  expect(tier.status()).toBe(201);
  const contactId = (await createContactByApi(page.request, { firstName: 'Katherine', customFields: { tier: 'Gold' } }))
    .id;

  await page.goto('/settings/masters/custom-fields');
  const order = page.getByRole('list', { name: 'Order of contact fields' });
  await expect(order.getByRole('listitem').first()).toContainText('Budget');
  // Keyboard: focus the grip and move it with the arrow keys; the order is saved.
  await page.getByRole('button', { name: /^Move Region code, position 2 of 3/ }).focus();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/custom-fields/reorder'));
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Region code moved to position 1 of 3')).toBeAttached();
  await expect(order.getByRole('listitem').first()).toContainText('Region code');
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(order.getByRole('listitem').first()).toContainText('Region code');

  // Rename an option: the contact keeps its value under the new label.
  await page.getByRole('button', { name: 'Edit Tier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit “Tier”' });
  await dialog.getByRole('textbox', { name: 'Option 1' }).fill('Platinum');
  await dialog.getByRole('button', { name: 'Save field' }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/my-contacts/contacts/${contactId}`);
  await expect(page.getByRole('region', { name: 'Custom fields' }).getByText('Platinum')).toBeVisible();

  // Archive keeps it listed apart; delete asks first and warns about the values.
  await page.goto('/settings/masters/custom-fields');
  await page.getByRole('button', { name: 'More actions for Budget' }).click();
  await page.getByRole('menuitem', { name: 'Archive (keep values)' }).click();
  await expect(page.getByRole('heading', { name: 'Archived (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'More actions for Budget' }).click();
  await page.getByRole('menuitem', { name: 'Delete with values' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “Budget”?' });
  await expect(confirm.getByText(/values are dropped from every contact/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete field and values' }).click();
  await expect(page.getByRole('heading', { name: /Archived/ })).toBeHidden();
  await expect(page.getByText('Budget', { exact: true })).toBeHidden();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test('contacts, companies and custom fields screens have no serious accessibility violations', async ({ page }) => {
      await register(page, `a11y-contacts-${colorScheme}`);
      const field = await post(page, '/api/v1/custom-fields', {
        data: {
          entity: 'contacts',
          label: 'Tier',
          type: 'single_select',
          options: [{ label: 'Gold' }, { label: 'Silver' }],
        },
      });
      expect(field.status(), await field.text()).toBe(201);
      const company = await createCompanyByApi(page.request, {
        name: 'Analytical Engines',
        domain: 'engines.example',
        industry: 'Computing',
        foundedYear: 1837,
      });
      const companyId = company.id;
      const contact = await createContactByApi(page.request, {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@engines.example',
        customFields: { tier: 'Gold' },
      });
      const contactId = contact.id;

      await page.goto('/my-contacts/contacts');
      await expect(grid(page).getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.getByRole('checkbox', { name: 'Select Ada Lovelace' }).check();
      await expect(page.getByRole('toolbar', { name: 'Actions on selected contacts' })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto(`/my-contacts/contacts/${contactId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Analytical Engines' })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto('/my-contacts/companies');
      await expect(page.getByRole('link', { name: 'Analytical Engines' })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto(`/my-contacts/companies/${companyId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Analytical Engines' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto('/settings/masters/custom-fields');
      await expect(page.getByText('Tier', { exact: true })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
