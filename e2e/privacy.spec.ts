import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { originHeader } from './support/env';

test('an admin erases a person from their contact page: gone, hashed on the suppression list, in the audit log; then exports the workspace', async ({
  page,
}) => {
  const owner = newAccount('privacy');
  await registerByApi(page.request, owner);
  const email = `jane.erase-${Date.now()}@privacy.example`;
  const hash = createHash('sha256').update(email).digest('hex');

  const created = await page.request.post('/api/v1/contacts', {
    data: { firstName: 'Jane', lastName: 'Erase', email },
    headers: originHeader,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const noted = await page.request.post(`/api/v1/contacts/${id}/notes`, {
    data: { body: `Met Jane, ${email}` },
    headers: originHeader,
  });
  expect(noted.status(), await noted.text()).toBe(201);

  await test.step('Erase this person on the contact page', async () => {
    await page.goto(`/my-contacts/contacts/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Jane Erase' })).toBeVisible();
    await page.getByRole('button', { name: 'Erase this person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase Jane Erase everywhere?' });
    await expect(dialog).toContainText(email);
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Erase person' }).click();
    await expect(page.getByText('Jane Erase erased')).toBeVisible();
    await expect(page).toHaveURL(/\/my-contacts\/contacts$/);
    await expect(page.getByRole('link', { name: 'Jane Erase' })).toBeHidden();
    const again = await page.request.get(`/api/v1/contacts/${id}`);
    expect(again.status()).toBe(404);
  });

  await test.step('its hash is on the suppression list, with the erasure reason', async () => {
    await page.goto('/lists/suppression-list');
    const entry = page.getByRole('row').filter({ hasText: hash });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Erasure request');
    await expect(page.getByText(email)).toBeHidden();
  });

  await test.step('the audit log has the erasure, with the hash and never the address', async () => {
    await page.goto('/settings/audit-log');
    const erased = page.locator('[data-action="privacy.erasure"]');
    await expect(erased).toHaveCount(1);
    await expect(erased).toContainText('Person erased');
    await expect(page.getByText(email)).toHaveCount(0);
  });

  await test.step('Settings → Privacy: export the workspace and get the download link', async () => {
    await page.goto('/settings/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    await expect(page.getByLabel('Keep uploaded files (days)')).toHaveValue('90');
    await page.getByRole('button', { name: 'Start export' }).click();
    const download = page.getByRole('link', { name: /Download ZIP/ });
    await expect(download).toBeVisible({ timeout: 30_000 });
    const href = await download.getAttribute('href');
    const zip = await page.request.get(href!);
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');
    await expect(page.getByRole('heading', { name: 'Danger zone' })).toBeVisible();
    // the "export started" toast's close button has no name (Mantine's notification default): close it first
    const toasts = page.getByRole('alert').filter({ hasText: 'Export started' });
    for (const button of await toasts.getByRole('button').all()) await button.click().catch(() => undefined);
    await expect(toasts).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
});
