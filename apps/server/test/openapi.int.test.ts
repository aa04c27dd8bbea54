import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import type { OpenAPI3, OperationObject, ResponseObject } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/core/route-access.js';
import { examples } from '../src/openapi/examples.js';
import { operations } from '../src/openapi/operations.js';
import { apiClient, dataOf } from './api-client.js';
import { createTestApp, signIn, signUp, type TestContext } from './helpers.js';
import { createContact } from './records-kit.js';
import { documentFile, DOCUMENT_APP_URL, fetchDocument, renderFiles, typesFile } from './openapi-files.js';

/**
 * /api/v1/openapi.json as a client developer's tools take it: swagger-parser validates it,
 * Spectral's `oas` ruleset finds no error and no operation without an operationId, description
 * or defined tag; what it says about security, errors and rate limits is what the server does;
 * and the files generated from it (packages/contracts) are current.
 */
let t: TestContext;
let doc: OpenAPI3;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Op = { path: string; method: (typeof METHODS)[number]; op: OperationObject };

function operationsOf(d: OpenAPI3): Op[] {
  const out: Op[] = [];
  for (const [path, item] of Object.entries(d.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, OperationObject | undefined>)[method];
      if (op) out.push({ path, method, op });
    }
  }
  return out;
}

/** The operation at a path and method (the test fails when it is missing). */
function opAt(path: string, method: (typeof METHODS)[number]): OperationObject {
  const op = (doc.paths?.[path] as Record<string, OperationObject | undefined> | undefined)?.[method];
  if (!op) throw new Error(`no ${method} ${path} in the document`);
  return op;
}

/** A response, following a `$ref` to components.responses. */
function responseOf(d: OpenAPI3, r: unknown): ResponseObject {
  const ref = (r as { $ref?: string }).$ref;
  if (!ref) return r as ResponseObject;
  const name = ref.replace('#/components/responses/', '');
  return d.components!.responses![name] as ResponseObject;
}

/** `/api/v1/contacts/{id}` as a URL to call: any path parameter becomes a well-formed, unknown uuid. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, '01900000-0000-7000-8000-000000000000');

beforeAll(async () => {
  t = await createTestApp();
  doc = await fetchDocument(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('the API document', () => {
  it('is valid OpenAPI 3.1 for swagger-parser', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate dereferences in place: give it a copy
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it("passes Spectral's oas ruleset: no error, no operation without operationId, description or a defined tag, examples valid", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [oas as never] });
    const results = await spectral.run(JSON.stringify(doc));
    const fatalRules = new Set([
      'operation-operationId',
      'operation-description',
      'operation-tag-defined',
      'oas3-valid-media-example',
    ]);
    const failures = results
      .filter((r) => r.severity === 0 || fatalRules.has(String(r.code)))
      .map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`);
    expect(
      failures,
      'a route missing from apps/server/src/openapi/operations.ts, or an example in examples.ts out of date',
    ).toEqual([]);
  }, 60_000);

  it('names every operation (unique camelCase operationId, a summary, a description, a described tag)', () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(100);
    const ids = ops.map((o) => o.op.operationId).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
    const defined = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    const lacking = ops.filter(
      ({ op }) =>
        !/^[a-z][a-zA-Z0-9]+$/.test(op.operationId ?? '') ||
        !op.summary ||
        !op.description ||
        !op.tags?.length ||
        op.tags.some((tag) => !defined.get(tag)),
    );
    expect(
      lacking.map((o) => `${o.method.toUpperCase()} ${o.path}`),
      'name each route in apps/server/src/openapi/operations.ts (and its tag in tags.ts)',
    ).toEqual([]);
    expect(opAt('/api/v1/contacts', 'get').operationId).toBe('listContacts');
    expect(opAt('/api/v1/prospects/reveal', 'post').operationId).toBe('revealProspects');
  });

  it('has a route for every line of operations.ts and an operation for every example', () => {
    const stale = Object.keys(operations).filter((key) => {
      const [method, path] = key.split(' ') as [string, string];
      const templated = path.replace(/:(\w+)/g, '{$1}');
      return !(doc.paths?.[templated] as Record<string, unknown> | undefined)?.[method.toLowerCase()];
    });
    expect(stale).toEqual([]);
    const ids = new Set(operationsOf(doc).map((o) => o.op.operationId));
    expect(Object.keys(examples).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('has one path template per path (the invitation routes share /invitations/{id})', () => {
    const shapes = Object.keys(doc.paths ?? {}).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((s, i) => shapes.indexOf(s) !== i)).toEqual([]);
    expect(opAt('/api/v1/invitations/{id}', 'get').operationId).toBe('previewInvitation');
    expect(opAt('/api/v1/invitations/{id}', 'delete').operationId).toBe('revokeInvitation');
  });

  it('sets servers from APP_URL and declares the session cookie and bearer API keys', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.config.appUrl })]);
    const schemes = doc.components!.securitySchemes as Record<string, Record<string, string>>;
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE });
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(opAt('/api/v1/auth/login', 'post').security).toEqual([]);
    // my account's security steps need the browser session, never an API key
    expect(opAt('/api/v1/me/password', 'post').security).toEqual([{ session: [] }]);
  });

  it('documents every error as application/problem+json, with the shared Problem schema', () => {
    const problemRef = { $ref: '#/components/schemas/Problem' };
    for (const { path, method, op } of operationsOf(doc)) {
      const codes = Object.keys(op.responses ?? {}).filter((c) => Number(c) >= 400);
      // a route under the document's security (session or API key) says it may answer 401
      if (op.security === undefined) expect(codes, `${method} ${path}`).toContain('401');
      for (const code of codes) {
        const content = responseOf(doc, op.responses![code]).content ?? {};
        expect(Object.keys(content), `${method} ${path} ${code}`).toEqual(['application/problem+json']);
      }
    }
    expect(
      responseOf(doc, opAt('/api/v1/contacts/{id}', 'get').responses![404]).content!['application/problem+json']!
        .schema,
    ).toEqual(problemRef);
    expect(Object.keys(opAt('/api/v1/contacts', 'post').responses!)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409']),
    );
    expect(opAt('/api/v1/prospects/reveal', 'post').responses![402]).toBeDefined();
  });

  it('has request and response examples for the main resources', () => {
    const media = (id: string) => {
      const found = operationsOf(doc).find((o) => o.op.operationId === id)!.op;
      const body = (found.requestBody as { content?: Record<string, { example?: unknown }> } | undefined)?.content?.[
        'application/json'
      ];
      const answers = Object.values(found.responses ?? {}).map(
        (r) => (r as ResponseObject).content?.['application/json']?.example,
      );
      return { request: body?.example, response: answers.find((e) => e !== undefined) };
    };
    for (const id of ['createContact', 'createCompany', 'createList', 'revealProspects', 'previewReveal']) {
      expect(media(id).request, id).toBeDefined();
      expect(media(id).response, id).toBeDefined();
    }
    for (const id of [
      'getContact',
      'getCompany',
      'getList',
      'getImport',
      'searchProspects',
      'getCredits',
      'listCreditTransactions',
    ]) {
      expect(media(id).response, id).toBeDefined();
    }
  });
});

describe('what the document says is what the server does', () => {
  it('a route without security: [] refuses a caller without credentials with a 401 problem; a public one does not', async () => {
    const wrong: string[] = [];
    for (const { path, method, op } of operationsOf(doc)) {
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      // public writes (sign-up, sign-in) are exercised by their own tests; here only reads
      if (isPublic && method !== 'get') continue;
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url: urlOf(path) });
      const refused =
        res.statusCode === 401 && String(res.headers['content-type']).includes('application/problem+json');
      if (refused === isPublic) wrong.push(`${method.toUpperCase()} ${path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a rate-limited route sends the X-RateLimit headers it documents', async () => {
    const documented = opAt('/api/v1/auth/login', 'post').responses![200] as ResponseObject;
    expect(Object.keys(documented.headers ?? {})).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
    expect(Object.keys(opAt('/api/v1/auth/login', 'post').responses!)).toContain('429');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: t.config.appUrl },
      payload: { email: 'nobody@test.example', password: 'wrong password' },
    });
    expect(res.statusCode).toBe(401);
    for (const name of Object.keys(documented.headers!)) expect(res.headers[name.toLowerCase()], name).toBeDefined();
    // a route without a limit documents none
    expect((opAt('/api/v1/contacts', 'get').responses![200] as ResponseObject).headers).toBeUndefined();
  });
});

describe('a script with an API key (the README example)', () => {
  it('lists contacts page by page through the typed client with Authorization: Bearer', async () => {
    const owner = await signUp(t.app);
    for (const firstName of ['Ada', 'Grace', 'Hedy'])
      await createContact(owner, { firstName, email: `${firstName.toLowerCase()}@bearer.example` });
    const key = await dataOf(owner.api.POST('/api/v1/me/api-keys', { body: { name: 'CRM sync' } }));
    const script = apiClient(t.app, t.config.appUrl, { apiKey: key.key });
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await dataOf(
        script.GET('/api/v1/contacts', {
          params: { query: { limit: 2, sort: 'firstName', ...(cursor ? { cursor } : {}) } },
        }),
      );
      names.push(...page.data.map((c) => c.firstName ?? ''));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(names).toEqual(['Ada', 'Grace', 'Hedy']);
    // a wrong key is a 401 problem, as documented
    const refused = await apiClient(t.app, t.config.appUrl, { apiKey: 'lt_not-a-key' }).GET('/api/v1/contacts');
    expect(refused.response.status).toBe(401);
    expect(refused.response.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.error).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it("the README's script lists every contact of the key's workspace, run by Node against a listening server", async () => {
    const owner = await signUp(t.app);
    for (const firstName of ['Ada', 'Grace', 'Hedy'])
      await createContact(owner, { firstName, lastName: 'Script', email: `${firstName.toLowerCase()}@readme.example` });
    const key = await dataOf(owner.api.POST('/api/v1/me/api-keys', { body: { name: 'README' } }));
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../../README.md'), 'utf8');
    const script = readme.split('## Public API')[1]?.match(/```js\n([\s\S]*?)```/)?.[1];
    expect(script, 'a ```js block in the README section "Public API"').toBeDefined();
    expect(script!.trim().split('\n').length).toBeLessThanOrEqual(10);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // asynchronously: the server answering it runs in this process
    const run = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script!], {
      env: { ...process.env, LEADTRAIL_URL: address, LEADTRAIL_API_KEY: key.key },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.stdout.trim().split('\n').sort()).toEqual([
      'Ada Script ada@readme.example',
      'Grace Script grace@readme.example',
      'Hedy Script hedy@readme.example',
    ]);
  });

  it('signs in through the typed client, and the reference page at /api/docs is served', async () => {
    const owner = await signUp(t.app, { name: 'Grace Hopper' });
    const again = await signIn(t.app, owner.email);
    expect(again.me.user.name).toBe('Grace Hopper');
    expect(again.cookie).not.toBe(owner.cookie);
    const me = await dataOf(again.api.GET('/api/v1/me'));
    expect(me.workspace.id).toBe(owner.me.workspace.id);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

describe('the generated files', () => {
  it('packages/contracts/openapi.json and src/openapi.d.ts are what `npm run openapi:types` writes now', async () => {
    // the committed document is written with this APP_URL, as the test app runs
    expect(t.config.appUrl).toBe(DOCUMENT_APP_URL);
    const { json, types } = await renderFiles(doc);
    const hint =
      'the API changed: run `npm run openapi:types` and commit packages/contracts/openapi.json and src/openapi.d.ts';
    expect(fs.readFileSync(documentFile, 'utf8') === json, hint).toBe(true);
    expect(fs.readFileSync(typesFile, 'utf8') === types, hint).toBe(true);
  }, 60_000);
});
