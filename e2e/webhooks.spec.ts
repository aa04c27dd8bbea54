import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A listener on this machine (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=true). */
async function startListener() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/leadtrail`,
    received,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

const signed = (secret: string, r: Received) => {
  const [t, v1] = String(r.headers['leadtrail-signature']).split(',').map((p) => p.split('=')[1]);
  return createHmac('sha256', secret).update(`${t}.${r.body}`).digest('hex') === v1;
};

test('register a webhook, create a contact in the UI, see the signed delivery in the log', async ({ page }) => {
  const listener = await startListener();
  try {
    await registerByApi(page.request, newAccount('webhooks'));

    await page.goto('/settings/api-webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'API & webhooks' })).toBeVisible();
    await expect(page.getByText('No webhook endpoints yet')).toBeVisible();
    await expectNoSeriousViolations(page);

    // Add an endpoint for contact.created; the secret is shown once.
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(listener.url);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Contact created' }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Webhook endpoint added' });
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('table', { name: 'Webhook endpoints' }).getByText(listener.url)).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    // Create a contact in the UI.
    await page.goto('/my-contacts/contacts');
    await page.getByRole('button', { name: 'New contact' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'New contact' });
    await drawer.getByLabel('First name').fill('Hedy');
    await drawer.getByLabel('Last name').fill('Lamarr');
    await drawer.getByLabel('Email', { exact: true }).fill('hedy@hooks.example');
    await drawer.getByRole('button', { name: 'Create contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hedy Lamarr' })).toBeVisible();

    // The listener gets it within seconds, signed with the secret.
    await expect.poll(() => listener.received.length, { timeout: 15_000 }).toBe(1);
    const [got] = listener.received;
    expect(signed(secret, got!)).toBe(true);
    const event = JSON.parse(got!.body) as { id: string; type: string; data: { email: string } };
    expect(event).toMatchObject({ type: 'contact.created', data: { email: 'hedy@hooks.example' } });
    expect(got!.headers['leadtrail-event-id']).toBe(event.id);

    // The deliveries log shows it.
    await page.goto('/settings/api-webhooks');
    await page.getByRole('button', { name: `Deliveries to ${listener.url}` }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${listener.url}` });
    const row = log.getByRole('row').filter({ hasText: 'Contact created' });
    await expect(row).toBeVisible();
    await expect(row.getByText('Succeeded')).toBeVisible();
    await expect(row.getByText('200')).toBeVisible();
    await expect(row.getByText(event.id)).toBeVisible();
    await expectNoSeriousViolations(page);

    // Send again: the same event once more.
    await row.getByRole('button', { name: 'Send Contact created again' }).click();
    await expect.poll(() => listener.received.length, { timeout: 15_000 }).toBe(2);
    expect(listener.received[1]!.body).toBe(got!.body);
    await expect(log.getByRole('row').filter({ hasText: 'Contact created' }).getByText('Succeeded')).toHaveCount(2);
    await log.getByRole('button', { name: 'Close deliveries' }).click();

    // A test event, then delete with confirmation.
    await page.getByRole('button', { name: `Send a test event to ${listener.url}` }).click();
    await expect(page.getByText(/Test event delivered \(HTTP 200/)).toBeVisible();
    expect(JSON.parse(listener.received[2]!.body)).toMatchObject({ type: 'webhook.test' });
    await page.getByRole('button', { name: `Delete endpoint ${listener.url}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook endpoint?' });
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page.getByText('No webhook endpoints yet')).toBeVisible();
  } finally {
    await listener.close();
  }
});
