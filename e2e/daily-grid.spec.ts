import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { originHeader } from './support/env';
import { waitForMailLink } from './support/mail';

/**
 * Issue 14, daily use: the command palette finds records and runs actions; the grid pins its
 * checkbox and name columns, fits its default columns at 1440 px, shares a saved view with a
 * second member and undoes a bulk edit.
 */

async function post<T = { id: string }>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { data, headers: originHeader });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

const grid = (page: Page) => page.getByRole('region', { name: 'contacts, scrollable' });

test.use({ viewport: { width: 1440, height: 900 } });

test('the palette finds a company by a fragment of its name, remembers it, and runs "New contact"', async ({ page }) => {
  await registerByApi(page.request, newAccount('palette'));
  const company = await post(page.request, '/api/v1/companies', { name: 'Initrode Systems', domain: 'initrode.example' });
  await post(page.request, '/api/v1/companies', { name: 'Globex', domain: 'globex.example' });

  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Search/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('textbox', { name: 'Search records, screens and actions' });
  await expect(search).toBeFocused();
  await search.pressSequentially('itrod');
  // the first result is the one Enter opens
  await expect(page.getByRole('button', { name: /Initrode Systems/ })).toHaveAttribute('data-selected', 'true');
  await expect(page.getByRole('button', { name: /Globex/ })).toHaveCount(0);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/my-contacts/companies/${company.id}$`));

  // opened again with nothing typed: the company comes first, under Recent
  await expect(page.getByRole('heading', { name: 'Initrode Systems' })).toBeVisible();
  // the palette that opened the page has finished closing (its results leave the page): a Ctrl+K
  // during Spotlight's closing transition can be lost, and its old results would still match below
  await expect(page.locator('#command-palette-results')).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  const first = page.locator('#command-palette-results [data-action]').first();
  await expect(first).toContainText('Initrode Systems');
  await expect(first).toHaveAttribute('data-selected', 'true');
  await search.pressSequentially('new contact');
  await expect(page.getByRole('button', { name: /^New contact/ })).toHaveAttribute('data-selected', 'true');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/my-contacts\/contacts$/);
  await expect(page.getByRole('dialog', { name: 'New contact' })).toBeVisible();
});

test('the default columns fit at 1440 px; checkbox and name stay pinned when scrolling right; dates read relative', async ({ page }) => {
  await registerByApi(page.request, newAccount('pinned'));
  await post(page.request, '/api/v1/contacts', { firstName: 'Pinned', lastName: 'Person', email: 'pinned@example.com', jobTitle: 'CTO', country: 'France' });
  await page.goto('/my-contacts/contacts');
  const region = grid(page);
  await expect(region.getByRole('link', { name: 'Pinned Person' })).toBeVisible();

  // Owner is in view without scrolling
  const box = (await region.boundingBox())!;
  const owner = (await region.getByRole('columnheader', { name: /Owner/ }).boundingBox())!;
  expect(owner.x + owner.width).toBeLessThanOrEqual(box.x + box.width + 1);
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

  // the companies grid too
  await post(page.request, '/api/v1/companies', { name: 'Fitting Co', domain: 'fitting.example', industry: 'Software', country: 'France' });
  await page.goto('/my-contacts/companies');
  const companies = page.getByRole('region', { name: 'companies, scrollable' });
  await expect(companies.getByRole('link', { name: 'Fitting Co' })).toBeVisible();
  const cbox = (await companies.boundingBox())!;
  const cowner = (await companies.getByRole('columnheader', { name: /Owner/ }).boundingBox())!;
  expect(cowner.x + cowner.width).toBeLessThanOrEqual(cbox.x + cbox.width + 1);
  expect(await companies.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await page.goto('/my-contacts/contacts');

  // the created date reads relative, the exact time on hover
  const created = region.locator('time').first();
  await expect(created).toHaveText(/just now|min ago/);
  await expect(created).toHaveAttribute('title', /\d/);

  // more columns than fit: scrolled to the far right, the checkbox and the name are still in view
  const more = ['name', 'email', 'jobTitle', 'companyName', 'workPhone', 'mobilePhone', 'department', 'seniority', 'linkedinUrl', 'city', 'region', 'country', 'ownerId', 'createdAt', 'updatedAt'];
  const saved = await page.request.put('/api/v1/grid-preferences/contacts', { data: { columns: more }, headers: originHeader });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(region.getByRole('link', { name: 'Pinned Person' })).toBeVisible();
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth + 200)).toBe(true);
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(region.getByRole('columnheader', { name: /Updated/ })).toBeInViewport();
  const after = (await region.boundingBox())!;
  const checkbox = (await region.getByRole('checkbox', { name: 'Select Pinned Person' }).boundingBox())!;
  const name = (await region.getByRole('link', { name: 'Pinned Person' }).boundingBox())!;
  expect(checkbox.x).toBeGreaterThanOrEqual(after.x);
  expect(checkbox.x).toBeLessThan(after.x + 44);
  expect(name.x).toBeGreaterThanOrEqual(after.x + 44);
  expect(name.x).toBeLessThan(after.x + 260);
  // the pinned name is drawn over the scrolled cells: it is what a click there hits
  await region.getByRole('link', { name: 'Pinned Person' }).click();
  await expect(page).toHaveURL(/\/my-contacts\/contacts\/[0-9a-f-]{36}$/);
});

test('a column choice is saved even when the page is left at once', async ({ page }) => {
  await registerByApi(page.request, newAccount('columns-flush'));
  await post(page.request, '/api/v1/contacts', { firstName: 'Quick', lastName: 'Leaver', email: 'quick@example.com', country: 'Spain' });
  const saved = async () =>
    ((await (await page.request.get('/api/v1/grid-preferences/contacts')).json()) as { columns: string[] | null }).columns;
  await page.goto('/my-contacts/contacts');
  await expect(grid(page).getByRole('link', { name: 'Quick Leaver' })).toBeVisible();
  expect(await saved()).toBeNull();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('dialog', { name: 'Choose columns' }).getByRole('checkbox', { name: 'Country' }).uncheck();
  // a full page load right away: the save still waiting for its pause goes out as the page goes
  await page.goto('/lists/my-lists');
  await expect.poll(saved).not.toBeNull();
  expect(await saved()).not.toContain('country');
  expect(await saved()).toContain('ownerId');
});

test('a view saved and shared by the owner is a tab for a second member', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const owner = newAccount('views-owner');
  await registerByApi(page.request, owner);
  await post(page.request, '/api/v1/contacts', { firstName: 'Amelie', lastName: 'Paris', email: 'amelie@example.fr', country: 'France' });
  await post(page.request, '/api/v1/contacts', { firstName: 'Bruno', lastName: 'Lyon', email: 'bruno@example.fr', country: 'France' });
  await post(page.request, '/api/v1/contacts', { firstName: 'Hans', lastName: 'Berlin', email: 'hans@example.de', country: 'Germany' });

  await page.goto('/my-contacts/contacts');
  await expect(grid(page).getByRole('link', { name: 'Hans Berlin' })).toBeVisible();
  // the filter's value is picked from the values the contacts have, with their counts
  await page.getByRole('button', { name: 'Add filter' }).click();
  const editor = page.getByRole('dialog', { name: 'Add filter' });
  await editor.getByRole('combobox', { name: 'Field' }).fill('Country');
  await editor.getByRole('option', { name: 'Country' }).click();
  await editor.getByRole('combobox', { name: 'Value' }).click();
  const france = editor.getByRole('option', { name: /France/ });
  await expect(france).toContainText('2');
  await expect(editor.getByRole('option', { name: /Germany/ })).toContainText('1');
  await france.click();
  await editor.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill('French leads');
  await dialog.getByLabel('Share with the workspace').check();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: /French leads/ })).toHaveAttribute('aria-selected', 'true');

  // a member joins and finds the tab
  const member = newAccount('views-member');
  await post(page.request, '/api/v1/invitations', { email: member.email, role: 'member' });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const memberPage = await context.newPage();
  const link = await waitForMailLink(member.email, { contains: '/user-invite/' });
  const token = new URL(link).pathname.split('/').pop() ?? '';
  const accepted = await memberPage.request.post(`/api/v1/invitations/${token}/accept`, {
    data: { name: 'Mia Member', password: member.password },
    headers: originHeader,
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  await memberPage.goto('/my-contacts/contacts');
  await expect(memberPage.getByText('3 contacts', { exact: true })).toBeVisible();
  const tab = memberPage.getByRole('tab', { name: /French leads/ });
  await expect(tab).toHaveAttribute('aria-selected', 'false');
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(memberPage.getByText('2 contacts', { exact: true })).toBeVisible();
  await expect(grid(memberPage).getByRole('link', { name: 'Hans Berlin' })).toHaveCount(0);
  // not theirs: no options to change it
  await expect(memberPage.getByRole('button', { name: /Options of the view/ })).toHaveCount(0);
  await context.close();
});

test('bulk edit sets a field on the selected contacts and the toast undoes it', async ({ page }) => {
  await registerByApi(page.request, newAccount('bulk-edit'));
  const a = await post(page.request, '/api/v1/contacts', { firstName: 'Vera', lastName: 'One', email: 'vera@example.com', seniority: 'vp' });
  const b = await post(page.request, '/api/v1/contacts', { firstName: 'Victor', lastName: 'Two', email: 'victor@example.com', seniority: 'manager' });
  const seniorityOf = async (id: string) => ((await (await page.request.get(`/api/v1/contacts/${id}`)).json()) as { seniority: string | null }).seniority;

  await page.goto('/my-contacts/contacts');
  await grid(page).getByRole('checkbox', { name: 'Select Vera One' }).check();
  await grid(page).getByRole('checkbox', { name: 'Select Victor Two' }).check();
  await page.getByRole('button', { name: 'Edit field' }).click();
  const dialog = page.getByRole('dialog', { name: /Edit a field of 2 contacts/ });
  await dialog.getByRole('combobox', { name: 'Field' }).fill('Seniority');
  await dialog.getByRole('option', { name: 'Seniority' }).click();
  await dialog.getByRole('combobox', { name: 'New value' }).click();
  await dialog.getByRole('option', { name: 'Director' }).click();
  await dialog.getByRole('button', { name: 'Update 2 contacts' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 contacts changed.')).toBeVisible();
  expect([await seniorityOf(a.id), await seniorityOf(b.id)]).toEqual(['director', 'director']);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(/Undone: 2 contacts back as before/)).toBeVisible();
  expect([await seniorityOf(a.id), await seniorityOf(b.id)]).toEqual(['vp', 'manager']);
});
