import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG whose header declares width × height (the pixels are never read). */
function pngDeclaring(width: number, height: number) {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16); // 8-bit RGBA; CRC left zero
  return Buffer.concat([
    PNG.subarray(0, 8),
    ihdr,
    Buffer.alloc(800 * 1024),
    Buffer.from('0000000049454e44ae426082', 'hex'),
  ]);
}

/** A JPEG: SOI, an APP0 segment, a baseline frame header declaring width × height, EOI. */
function jpegDeclaring(width: number, height: number) {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
}
const JPEG = jpegDeclaring(64, 48);

function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = '----leadtrail' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('company settings', () => {
  it('reads and changes name, website, domain, address, tax ID, time zone and phone region', async () => {
    const owner = await signUp(t.app, { companyName: 'Acme' });
    const initial = (await owner.request({ method: 'GET', url: '/api/v1/workspace' })).json();
    expect(initial).toMatchObject({
      name: 'Acme',
      timeZone: 'UTC',
      defaultPhoneRegion: 'US',
      logoUrl: null,
      restrictInvitesToDomain: false,
    });

    const res = await owner.request({
      method: 'PATCH',
      url: '/api/v1/workspace',
      payload: {
        name: 'Acme Robotics',
        website: 'www.acme-robotics.example/about',
        address: '1 Main St\nSpringfield',
        taxId: 'FR12345678901',
        timeZone: 'Europe/Paris',
        defaultPhoneRegion: 'fr',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Acme Robotics',
      website: 'https://www.acme-robotics.example/about',
      domain: 'acme-robotics.example',
      address: '1 Main St\nSpringfield',
      taxId: 'FR12345678901',
      timeZone: 'Europe/Paris',
      defaultPhoneRegion: 'FR',
    });
    expect((await owner.request({ method: 'GET', url: '/api/v1/me' })).json().workspace.name).toBe('Acme Robotics');

    const cleared = await owner.request({
      method: 'PATCH',
      url: '/api/v1/workspace',
      payload: { taxId: '', address: null },
    });
    expect(cleared.json()).toMatchObject({ taxId: null, address: null, timeZone: 'Europe/Paris' });
  });

  it('exposes the default phone region to other modules through the service', async () => {
    const owner = await signUp(t.app);
    await owner.request({ method: 'PATCH', url: '/api/v1/workspace', payload: { defaultPhoneRegion: 'GB' } });
    expect((await t.container.workspace.settings(owner.me.workspace.id)).defaultPhoneRegion).toBe('GB');
  });

  it('refuses invalid values field by field and changes nothing', async () => {
    const owner = await signUp(t.app, { companyName: 'Keep' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ defaultPhoneRegion: 'ZZ' }, 'defaultPhoneRegion'],
      [{ defaultPhoneRegion: 'France' }, 'defaultPhoneRegion'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ domain: 'not a domain' }, 'domain'],
      [{ restrictInvitesToDomain: true }, 'restrictInvitesToDomain'],
      [{ domain: 'gmail.com', restrictInvitesToDomain: true }, 'restrictInvitesToDomain'],
      [{ taxId: 'x'.repeat(65) }, 'taxId'],
    ];
    for (const [payload, path] of cases) {
      const res = await owner.request({
        method: 'PATCH',
        url: '/api/v1/workspace',
        payload: { name: 'Changed', ...payload },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect((await owner.request({ method: 'GET', url: '/api/v1/workspace' })).json()).toMatchObject({
      name: 'Keep',
      domain: null,
      timeZone: 'UTC',
    });
  });

  it('is read by everyone but changed by owners and admins only', async () => {
    const owner = await signUp(t.app, { companyName: 'Roles Inc' });
    const admin = await addTeammate(t, owner.request, 'admin');
    const member = await addTeammate(t, owner.request, 'member');
    expect((await member.request({ method: 'GET', url: '/api/v1/workspace' })).json().name).toBe('Roles Inc');
    expect(
      (await member.request({ method: 'PATCH', url: '/api/v1/workspace', payload: { name: 'Hacked' } })).statusCode,
    ).toBe(403);
    expect(
      (await member.request({ method: 'PUT', url: '/api/v1/workspace/logo', ...multipart(PNG, 'l.png', 'image/png') }))
        .statusCode,
    ).toBe(403);
    expect(
      (await admin.request({ method: 'PATCH', url: '/api/v1/workspace', payload: { name: 'Roles LLC' } })).statusCode,
    ).toBe(200);
  });
});

describe('logo', () => {
  it('accepts a PNG and serves it with its type, nosniff and a versioned URL', async () => {
    const owner = await signUp(t.app);
    const res = await owner.request({
      method: 'PUT',
      url: '/api/v1/workspace/logo',
      ...multipart(PNG, 'logo.png', 'image/png'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { logoUrl } = res.json();
    expect(logoUrl).toMatch(/^\/api\/v1\/workspace\/logo\?v=\d+$/);
    const img = await owner.request({ method: 'GET', url: logoUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it('goes by the bytes, not the declared type: a JPEG declared as PNG is stored as JPEG', async () => {
    const owner = await signUp(t.app);
    expect(
      (await owner.request({ method: 'PUT', url: '/api/v1/workspace/logo', ...multipart(JPEG, 'x.png', 'image/png') }))
        .statusCode,
    ).toBe(200);
    expect((await owner.request({ method: 'GET', url: '/api/v1/workspace/logo' })).headers['content-type']).toBe(
      'image/jpeg',
    );
  });

  it('refuses SVG, HTML disguised as PNG and files over 1 MB, keeping the old logo', async () => {
    const owner = await signUp(t.app);
    await owner.request({ method: 'PUT', url: '/api/v1/workspace/logo', ...multipart(PNG, 'logo.png', 'image/png') });
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const r1 = await owner.request({
      method: 'PUT',
      url: '/api/v1/workspace/logo',
      ...multipart(svg, 'logo.svg', 'image/svg+xml'),
    });
    expect(r1.statusCode).toBe(415);
    expect(r1.json().detail).toMatch(/SVG/);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(
      (
        await owner.request({
          method: 'PUT',
          url: '/api/v1/workspace/logo',
          ...multipart(html, 'logo.png', 'image/png'),
        })
      ).statusCode,
    ).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    expect(
      (await owner.request({ method: 'PUT', url: '/api/v1/workspace/logo', ...multipart(big, 'big.png', 'image/png') }))
        .statusCode,
    ).toBe(413);
    const img = await owner.request({ method: 'GET', url: '/api/v1/workspace/logo' });
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a small file declaring a huge canvas (50,000 × 50,000 PNG, 5,000 × 5,000 JPEG) with 400, keeping the old logo', async () => {
    const owner = await signUp(t.app);
    await owner.request({ method: 'PUT', url: '/api/v1/workspace/logo', ...multipart(PNG, 'logo.png', 'image/png') });
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    for (const [file, name] of [
      [bomb, 'bomb.png'],
      [pngDeclaring(4097, 4096), 'just-over.png'],
      [jpegDeclaring(5000, 5000), 'big.jpg'],
    ] as const) {
      const res = await owner.request({
        method: 'PUT',
        url: '/api/v1/workspace/logo',
        ...multipart(file, name, 'image/png'),
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code).toBe('image_too_large');
    }
    // a header that can't be read is refused too
    const headless = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(64, 1),
      Buffer.from([0xff, 0xd9]),
    ]);
    const damaged = await owner.request({
      method: 'PUT',
      url: '/api/v1/workspace/logo',
      ...multipart(headless, 'x.jpg', 'image/jpeg'),
    });
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().errors[0].path).toBe('file');
    const img = await owner.request({ method: 'GET', url: '/api/v1/workspace/logo' });
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // the limit itself is allowed
    const edge = await owner.request({
      method: 'PUT',
      url: '/api/v1/workspace/logo',
      ...multipart(pngDeclaring(4096, 4096), 'edge.png', 'image/png'),
    });
    expect(edge.statusCode, edge.body).toBe(200);
  });

  it('can be removed', async () => {
    const owner = await signUp(t.app);
    await owner.request({ method: 'PUT', url: '/api/v1/workspace/logo', ...multipart(PNG, 'logo.png', 'image/png') });
    const res = await owner.request({ method: 'DELETE', url: '/api/v1/workspace/logo' });
    expect(res.json().logoUrl).toBeNull();
    expect((await owner.request({ method: 'GET', url: '/api/v1/workspace/logo' })).statusCode).toBe(404);
  });

  it("is each workspace's own", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await a.request({ method: 'PUT', url: '/api/v1/workspace/logo', ...multipart(PNG, 'logo.png', 'image/png') });
    expect((await b.request({ method: 'GET', url: '/api/v1/workspace/logo' })).statusCode).toBe(404);
  });
});

describe('API document', () => {
  it('describes the team and account routes with their bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of ['/api/v1/workspace', '/api/v1/members/{id}', '/api/v1/invitations', '/api/v1/me/profile']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/v1/workspace'].patch.requestBody).toBeDefined();
    expect(doc.paths['/api/v1/invitations'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/v1/me/workspace'].post.requestBody).toBeDefined();
  });
});
