import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { originHeader } from './support/env';

/** Fails on serious or critical violations, listing each with the elements it found. */
const publicScreens = [
  { path: '/login', heading: 'Sign in to Leadtrail' },
  { path: '/register', heading: 'Create your Leadtrail account' },
  { path: '/reset-password', heading: 'Reset your password' },
  // a made-up link is checked first and reported at once
  { path: '/reset-password/0123456789abcdef0123456789abcdef', heading: 'This reset link is invalid or has expired' },
  { path: '/legal/privacy-policy', heading: 'Privacy policy' },
  { path: '/this/page/does-not-exist', heading: 'Page not found' },
];

/** The widths UI.md names: a desktop, and a tablet (the sidebar as icons below 1280 px). */
const widths = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
];

/** Every signed-in screen, with the ids of what the seed created. */
const appScreens = (ids: Seed) => [
  '/',
  '/my-contacts/contacts',
  `/my-contacts/contacts/${ids.contactId}`,
  '/my-contacts/contacts/duplicates',
  '/my-contacts/companies',
  `/my-contacts/companies/${ids.companyId}`,
  '/my-contacts/prospects',
  '/my-contacts/prospects?tab=companies',
  '/my-contacts/upload-file',
  `/my-contacts/upload-file?import=${ids.mappingImportId}&step=1`,
  `/my-contacts/upload-file?import=${ids.mappingImportId}&step=2`,
  `/my-contacts/upload-file?import=${ids.mappingImportId}&step=3`,
  '/my-contacts/uploaded-files',
  `/my-contacts/uploaded-files/${ids.importId}`,
  '/lists/my-lists',
  `/lists/my-lists/${ids.listId}`,
  '/lists/suppression-list',
  '/settings/my-account',
  '/settings/company',
  '/settings/users',
  '/settings/api-webhooks',
  '/settings/masters/custom-fields',
  '/settings/plans',
  '/settings/payment-methods',
  '/settings/billing-invoices',
  '/settings/transactions-log',
  '/settings/privacy',
  '/settings/audit-log',
];

/** A phone (UI.md's smallest width) and the screens issue 26 changed, checked there too. */
const phone = { width: 390, height: 844 };
const changedScreens = (ids: Seed) => [
  '/',
  '/my-contacts/contacts',
  `/my-contacts/contacts/${ids.contactId}`,
  '/my-contacts/contacts/duplicates',
  '/my-contacts/prospects',
  '/my-contacts/prospects?tab=companies',
  `/my-contacts/upload-file?import=${ids.mappingImportId}&step=2`,
  `/my-contacts/uploaded-files/${ids.importId}`,
  '/settings/plans',
  '/settings/billing-invoices',
  '/settings/transactions-log',
];

type Seed = { contactId: string; companyId: string; listId: string; importId: string; mappingImportId: string };

// a row naming nobody is an error; a bad email beside a name is a warning (issue 23)
const IMPORT_CSV =
  'First Name,Last Name,Email,Phone\nAnn,Lee,ann@a11y-e2e.com,+1 512 555 0142\nBlocked,Person,blocked@a11y-e2e.com,\n,,not-an-email,\nWarn,Row,not-an-email-either,\n';

/** A workspace with one of everything: records, a list, a suppression, a finished import (with an error, a warning and a suppressed row), one being mapped. */
async function seed(request: APIRequestContext): Promise<Seed> {
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { headers: originHeader, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  const company = await post('/api/v1/companies', { name: 'Initech', domain: 'initech-a11y.com', phone: '+1 512 555 0100' });
  const contact = await post('/api/v1/contacts', {
    firstName: 'Peter',
    lastName: 'Gibbons',
    email: 'peter@initech-a11y.com',
    workPhone: '+1 512 555 0199',
    companyId: company.id,
  });
  // the same person entered twice (a likely duplicate pair for the duplicates view), with a second email
  await post('/api/v1/contacts', {
    firstName: 'Peter',
    lastName: 'Gibbons',
    email: 'pgibbons@initech-a11y.com',
    additionalEmails: [{ value: 'peter.gibbons@example-home.com', type: 'personal' }],
    companyId: company.id,
  });
  const list = await post('/api/v1/lists', { name: 'A11y targets', entity: 'contacts' });
  await post(`/api/v1/lists/${list.id}/members`, { ids: [contact.id] });
  await post('/api/v1/suppressions', { entries: [{ value: 'blocked@a11y-e2e.com' }] });
  const upload = async (name: string) => {
    const res = await request.post('/api/v1/imports', {
      headers: originHeader,
      multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(IMPORT_CSV) } },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as string;
  };
  const importId = await upload('a11y.csv');
  await post(`/api/v1/imports/${importId}/start`, {});
  await expect
    .poll(async () => (await (await request.get(`/api/v1/imports/${importId}`)).json()).status, { timeout: 30_000 })
    .toBe('completed_with_errors');
  const mappingImportId = await upload('a11y-mapping.csv');
  return { contactId: contact.id, companyId: company.id, listId: list.id, importId, mappingImportId };
}

/** The page is drawn: its title is there and nothing is loading any more. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const screen of publicScreens) {
      test(`${screen.path} has no serious accessibility violations`, async ({ page }) => {
        for (const size of widths) {
          await page.setViewportSize(size);
          await page.goto(screen.path);
          await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
          await expectNoSeriousViolations(page);
        }
      });
    }

    for (const size of widths) {
      test(`every signed-in screen at ${size.width} px has no serious accessibility violations`, async ({ page }) => {
        // some 26 screens, each drawn and checked: minutes on a busy machine
        test.setTimeout(900_000);
        await registerByApi(page.request, newAccount(`a11y-${colorScheme}-${size.width}`));
        const ids = await seed(page.request);
        await page.setViewportSize(size);
        for (const path of appScreens(ids)) {
          await test.step(path, async () => {
            await page.goto(path);
            await settled(page);
            await expectNoSeriousViolations(page);
          });
        }
      });
    }

    test('the screens issue 26 changed, at phone width, and the prospect profile at every width, have no serious accessibility violations', async ({ page }) => {
      test.setTimeout(600_000);
      await registerByApi(page.request, newAccount(`a11y-${colorScheme}-phone`));
      const ids = await seed(page.request);
      await page.setViewportSize(phone);
      for (const path of changedScreens(ids)) {
        await test.step(path, async () => {
          await page.goto(path);
          await settled(page);
          await expectNoSeriousViolations(page);
        });
      }
      // the profile drawer of a person of the prospect database, at the phone, tablet and desktop widths
      for (const size of [phone, ...widths]) {
        await test.step(`profile drawer at ${size.width} px`, async () => {
          await page.setViewportSize(size);
          await page.goto('/my-contacts/prospects');
          await settled(page);
          const opener = page.getByRole('button', { name: /^Open the profile of / }).first();
          const name = ((await opener.getAttribute('aria-label')) ?? '').replace('Open the profile of ', '');
          await opener.click();
          const drawer = page.getByRole('dialog', { name });
          await expect(drawer.getByText('Seniority')).toBeVisible();
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
          await expectNoSeriousViolations(page);
        });
      }
    });

    test('the sign-in form with errors has no serious accessibility violations', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Enter your password')).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('the dashboard has no serious accessibility violations', async ({ page }) => {
      // page.request shares the page's cookies: registering signs the page in.
      await registerByApi(page.request, newAccount('a11y'));
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
