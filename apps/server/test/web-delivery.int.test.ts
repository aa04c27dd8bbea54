import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb, type Db } from '../src/db/client.js';

// The web build (vite-plugin-compression2) writes name.br and name.gz beside each text file;
// the server picks one by Accept-Encoding (issue 13, web delivery).
const INDEX = '<!doctype html><html lang="en"><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\nconsole.log(greeting);\n`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dist: string;
let db: Db;
let app: FastifyInstance;

function writeWithCompressed(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-delivery-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  writeWithCompressed(path.join(dist, 'index.html'), INDEX);
  writeWithCompressed(path.join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  // too small to be worth compressing: the build leaves it alone
  fs.writeFileSync(path.join(dist, 'favicon.svg'), ICON);
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: dist });
  db = createDb(inject('databaseUrl'), { max: 1 });
  app = await buildApp(config, { db });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('serving the built web app compressed', () => {
  it('sends a hashed asset as brotli, gzip or identity as the client accepts, cached for a year', async () => {
    const br = await get('/assets/index-AbC123.js', 'br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    // a script is not a document: no CSP or framing headers on it, but still nosniff
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gzip = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toContain('javascript');
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    // what Chromium sends: brotli is preferred
    const browser = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(browser.headers['content-encoding']).toBe('br');

    for (const identity of [undefined, 'identity', 'deflate']) {
      const plain = await get('/assets/index-AbC123.js', identity);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('never lets index.html be cached, whether an app path, / or /index.html, compressed or not', async () => {
    for (const url of ['/', '/login', '/my-contacts/contacts', '/index.html']) {
      const br = await get(url, 'br');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toContain('text/html');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(br.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString(), url).toBe(INDEX);

      const gzip = await get(url, 'gzip');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gzip.headers['cache-control'], url).toBe('no-cache');

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body, url).toBe(INDEX);
    }
  });

  it('sends an unhashed public file without a compressed copy as it is, revalidated', async () => {
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.body).toBe(ICON);
  });

  it('answers API paths with problem+json and unknown files with the app, uncached', async () => {
    const api = await get('/api/v1/unknown', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
    const missing = await get('/assets/missing-XyZ.js', 'br');
    // an unknown file is a path the app draws its own not-found screen for
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers above 1 KB as the client accepts, and leaves small ones alone', async () => {
    const plain = await get('/api/v1/openapi.json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = plain.body;
    expect(document.length).toBeGreaterThan(10_000);

    const br = await get('/api/v1/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(document);
    expect(br.rawPayload.length).toBeLessThan(document.length / 4);

    const gzip = await get('/api/v1/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(document);

    // a problem+json answer of a few hundred bytes is not worth it
    const small = await get('/api/v1/unknown', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body).status).toBe(404);
  });
});
