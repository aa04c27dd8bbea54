import { expect, test, type Locator, type Page } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { originHeader } from './support/env';

/** UI.md "Layout": the sidebar below 1280 px, one settings navigation, toasts out of the way. */

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 1024, height: 768 };

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'the element is laid out').not.toBeNull();
  return b!;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('at 1440 px the sidebar shows its labels; at 1024 px its icons, named by tooltips', async ({ page }) => {
  await registerByApi(page.request, newAccount('layout-nav'));
  await page.setViewportSize(WIDE);
  await page.goto('/');
  const contacts = mainNav(page).getByRole('link', { name: 'Contacts', exact: true });
  await expect(contacts).toContainText('Contacts');
  expect((await box(mainNav(page))).width).toBeGreaterThan(200);

  await page.setViewportSize(NARROW);
  await expect.poll(async () => (await box(mainNav(page))).width).toBeLessThan(90);
  // the link keeps its name; the label shows as a tooltip on hover and on keyboard focus
  await expect(contacts).toBeVisible();
  await expect(contacts).not.toContainText('Contacts');
  await contacts.hover();
  await expect(page.getByRole('tooltip', { name: 'Contacts' })).toBeVisible();
  await page.mouse.move(700, 500);
  await expect(page.getByRole('tooltip', { name: 'Contacts' })).toHaveCount(0);
  await mainNav(page).getByRole('link', { name: 'Companies', exact: true }).focus();
  await expect(page.getByRole('tooltip', { name: 'Companies' })).toBeVisible();
  await contacts.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(contacts).toHaveAttribute('aria-current', 'page');
});

test('settings pages have one navigation, and the Users table keeps its columns at 1024 px', async ({ page }) => {
  await registerByApi(page.request, newAccount('layout-settings'));
  await page.setViewportSize(NARROW);
  await page.goto('/settings/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  // no second menu beside the page repeating the sidebar's Settings group
  await expect(page.getByRole('main').getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Users', exact: true })).toHaveCount(1);
  await expect(
    mainNav(page).getByRole('group', { name: 'Settings' }).getByRole('link', { name: 'Users' }),
  ).toHaveAttribute('aria-current', 'page');

  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Last active' }) });
  for (const name of ['Last active', 'Credits used this period', 'Monthly credit limit']) {
    await expect(table.getByRole('columnheader', { name })).toBeInViewport({ ratio: 1 });
  }
  await expect(table.getByRole('button', { name: /^(Actions for|No actions for)/ }).first()).toBeInViewport({
    ratio: 1,
  });
  // nothing hidden to the right: the table does not scroll sideways
  const scrolls = await table.evaluate((el) => {
    const scroller = el.parentElement!;
    return scroller.scrollWidth > scroller.clientWidth + 1;
  });
  expect(scrolls).toBe(false);
});

for (const size of [WIDE, NARROW]) {
  test(`at ${size.width} px a toast covers neither a dialog's close button nor the top bar's menus`, async ({
    page,
  }) => {
    await registerByApi(page.request, newAccount('layout-toast'));
    await page.setViewportSize(size);
    await page.goto('/lists/suppression-list');
    await page.getByRole('button', { name: 'Add entries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to the suppression list' });
    await dialog.getByRole('tab', { name: 'Paste many' }).click();
    await dialog.getByLabel('Entries, one per line').fill('toast@example.org\nnot an entry\n');
    await dialog.getByRole('button', { name: 'Add 2 entries' }).click();
    // the dialog stays open with its report while the toast shows
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: '1 entry added' });
    await expect(toast).toBeVisible();
    const toastBox = await box(toast);
    const closeBox = await box(dialog.getByRole('button', { name: 'Close' }).first());
    expect(overlaps(toastBox, closeBox), 'the toast covers the dialog’s close button').toBe(false);
    for (const name of [/^Account menu/, /^Workspace: /, /^Search/]) {
      const target = page.getByRole('banner').getByRole('button', { name }).first();
      if ((await target.count()) === 0) continue;
      expect(overlaps(toastBox, await box(target)), `the toast covers ${String(name)}`).toBe(false);
    }
    // and it stays inside the window
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(size.width);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(size.height);
  });
}

test('phone numbers read as the reader writes them; Add to list shows its whole dropdown', async ({ page }) => {
  await registerByApi(page.request, newAccount('layout-phone'));
  const created = await page.request.post('/api/v1/contacts', {
    headers: originHeader,
    data: {
      firstName: 'Milton',
      lastName: 'Waddams',
      email: 'milton@initech-e2e.com',
      workPhone: '+1 512 555 0142',
      mobilePhone: '+44 20 7946 0958',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const contact = (await created.json()) as { id: string; workPhone: string };
  expect(contact.workPhone).toBe('+15125550142');
  for (let i = 1; i <= 8; i++) {
    const list = await page.request.post('/api/v1/lists', {
      headers: originHeader,
      data: { name: `Stapler fans ${i}`, entity: 'contacts' },
    });
    expect(list.status(), await list.text()).toBe(201);
  }
  await page.setViewportSize(NARROW);
  await page.goto(`/my-contacts/contacts/${contact.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Milton Waddams' })).toBeVisible();
  // the browser's region is the US: a US number in its national form, another in the international one
  await expect(page.getByRole('link', { name: '(512) 555-0142' })).toHaveAttribute('href', 'tel:+15125550142');
  await expect(page.getByRole('link', { name: '+44 20 7946 0958' })).toBeVisible();
  await expect(page.getByText('+15125550142')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add to list' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add to list' });
  await dialog.getByLabel('List', { exact: true }).click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(8);
  // the whole dropdown is on top: its bottom edge is not hidden under (or cut at) the dialog's edge
  const listbox = await box(page.getByRole('listbox'));
  expect(listbox.height).toBeGreaterThan(100);
  const hit = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[role="listbox"]'), {
    x: listbox.x + listbox.width / 2,
    y: listbox.y + listbox.height - 4,
  });
  expect(hit, 'the bottom of the dropdown is visible').toBe(true);
  await page.getByRole('option', { name: 'Stapler fans 3' }).click();
  await dialog.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByText('1 contact added to “Stapler fans 3”')).toBeVisible();
});
