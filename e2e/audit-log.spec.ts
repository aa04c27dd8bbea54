import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, signIn } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { originHeader } from './support/env';

test('the owner finds their sign-in and an export in the audit log, opens one, filters, downloads the CSV', async ({ page, browser }) => {
  const owner = newAccount('audit');

  await test.step('an account, then a real sign-in from a browser', async () => {
    await registerByApi(page.request, owner);
    const created = await page.request.post('/api/v1/contacts', {
      data: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@audit.example' },
      headers: originHeader,
    });
    expect(created.status(), await created.text()).toBe(201);
  });

  const context = await browser.newContext();
  const browserPage = await context.newPage();

  await test.step('sign in through the login page', async () => {
    await browserPage.goto('/login');
    await signIn(browserPage, owner.email, owner.password);
    await expect(browserPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  await test.step('export the contacts as CSV', async () => {
    await browserPage.goto('/my-contacts/contacts');
    await expect(browserPage.getByText('Grace Hopper')).toBeVisible();
    const downloadPromise = browserPage.waitForEvent('download');
    await browserPage
      .getByRole('link', { name: 'Export', exact: true })
      .or(browserPage.getByRole('button', { name: 'Export', exact: true }))
      .click();
    // the contacts page may first say how many suppressed contacts the export leaves out
    const confirmDownload = browserPage.getByRole('button', { name: 'Download CSV' });
    await Promise.race([
      downloadPromise,
      confirmDownload.waitFor({ timeout: 5_000 }).then(
        () => confirmDownload.click(),
        () => undefined,
      ),
    ]);
    expect((await downloadPromise).suggestedFilename()).toMatch(/^contacts-.*\.csv$/);
  });

  await test.step('Settings → Audit log lists the sign-in and the export', async () => {
    await browserPage.goto('/settings/my-account');
    const settingsNav = browserPage.getByRole('navigation', { name: 'Main' }).getByRole('group', { name: 'Settings' });
    await settingsNav.getByRole('link', { name: 'Audit log' }).click();
    await expect(browserPage.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const log = browserPage.getByRole('table', { name: 'Audit log' });
    const signIn = log.locator('[data-action="auth.sign_in"]');
    const exported = log.locator('[data-action="export.downloaded"]');
    await expect(signIn).toHaveCount(1);
    await expect(signIn).toContainText(owner.name);
    await expect(exported).toHaveCount(1);
    await expect(exported).toContainText('1 row');
    await expect(exported).toContainText('Contacts');
    // off the navigation link just clicked: its hover colours are the sidebar's, not this page's
    await browserPage.getByRole('heading', { level: 1, name: 'Audit log' }).hover();
    await expectNoSeriousViolations(browserPage);
  });

  await test.step('the sign-in opens in the drawer with its user agent and details', async () => {
    await browserPage.getByRole('button', { name: 'Signed in: show details' }).click();
    const drawer = browserPage.getByRole('dialog', { name: 'Signed in' });
    await expect(drawer).toBeVisible();
    const userAgent = await browserPage.evaluate(() => navigator.userAgent);
    await expect(drawer.getByTestId('audit-user-agent')).toHaveText(userAgent);
    await expect(drawer.getByLabel('Details as JSON')).toContainText('"twoFactor": false');
    await browserPage.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('filter by action, then download the same rows as CSV', async () => {
    await browserPage.getByRole('combobox', { name: 'Action' }).fill('Exported');
    await browserPage.getByRole('option', { name: 'Exported', exact: true }).click();
    const log = browserPage.getByRole('table', { name: 'Audit log' });
    await expect(log.getByTestId('audit-entry')).toHaveCount(1);
    await expect(log.locator('[data-action="auth.sign_in"]')).toHaveCount(0);
    const downloadPromise = browserPage.waitForEvent('download');
    await browserPage.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^audit-log-.*\.csv$/);
    const csv = await fs.readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    // the download records itself before its first row is sent, so the file lists it too (newest first)
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('export.downloaded,audit_log');
    expect(lines[2]).toContain('export.downloaded,contacts');
  });

  await context.close();
});
