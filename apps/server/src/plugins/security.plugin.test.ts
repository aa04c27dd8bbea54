import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityPlugin } from './security.plugin.js';

async function headersWith(appUrl: string) {
  const app = Fastify();
  await app.register(securityPlugin, { appUrl });
  app.get('/', async () => 'ok');
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res.headers;
}

describe('security headers', () => {
  it('sends Strict-Transport-Security only when APP_URL is https', async () => {
    const plain = await headersWith('http://intranet.example:3000');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['x-content-type-options']).toBe('nosniff');
    const secure = await headersWith('https://app.leadtrail.example');
    expect(secure['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
  });
});
