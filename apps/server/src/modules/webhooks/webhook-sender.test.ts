import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender } from './webhook-sender.js';

/** The sender against a local server: what it posts, and how it ends each kind of answer. */
let server: http.Server;
let base = '';
const seen: { method: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, headers: req.headers, body });
      if (req.url === '/ok') res.end('fine');
      else if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/' });
        res.end();
      } else if (req.url === '/slow-headers') setTimeout(() => res.end('late'), 2000);
      else if (req.url === '/slow-body') {
        res.writeHead(200);
        res.write('partial');
        setTimeout(() => res.end('rest'), 2000);
      } else {
        res.writeHead(500);
        res.end('x'.repeat(1000));
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('webhook sender', () => {
  const send = createWebhookSender({ allowPrivate: true, timeoutMs: 300 });

  it('POSTs the body as JSON with the given headers; 2xx succeeds', async () => {
    const r = await send(`${base}/ok`, '{"a":1}', { 'Leadtrail-Signature': 't=1,v1=ab' });
    expect(r).toMatchObject({ ok: true, status: 200, error: null });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', 'leadtrail-signature': 't=1,v1=ab' } });
  });

  it('fails on an error status (keeping the start of the answer), a redirect (not followed) and a timeout', async () => {
    const err = await send(`${base}/err`, '{}', {});
    expect(err.ok).toBe(false);
    expect(err.status).toBe(500);
    expect(err.error!.length).toBeLessThan(300);
    const before = seen.length;
    const redirect = await send(`${base}/redirect`, '{}', {});
    expect(redirect).toMatchObject({ ok: false, status: 302 });
    expect(seen.length).toBe(before + 1);
    const slow = await send(`${base}/slow-headers`, '{}', {});
    expect(slow).toMatchObject({ ok: false, status: null });
    expect(slow.durationMs).toBeLessThan(1500);
    const cut = await send(`${base}/slow-body`, '{}', {});
    expect(cut).toMatchObject({ ok: false, status: 200 });
    expect(cut.durationMs).toBeLessThan(1500);
  });

  it('refuses a private address without connecting unless allowed, and a bad URL', async () => {
    const before = seen.length;
    const strict = createWebhookSender({ allowPrivate: false, timeoutMs: 300 });
    const r = await strict(`${base}/ok`, '{}', {});
    expect(r).toMatchObject({ ok: false, status: null });
    expect(r.error).toMatch(/private or reserved/);
    expect(seen.length).toBe(before);
    expect(await strict('not a url', '{}', {})).toMatchObject({ ok: false, error: 'Not a valid URL' });
  });
});
