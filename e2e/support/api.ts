import { expect, type APIRequestContext } from '@playwright/test';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '@leadtrail/contracts/openapi';
import { baseURL, originHeader } from './env';

/**
 * The API through openapi-fetch with the types generated from /api/v1/openapi.json, over a
 * Playwright request context: `page.request` shares the page's cookies, so what the client does
 * is done as the signed-in page. A body or path that no longer matches the document fails to compile.
 */
export type Api = Client<paths>;

type BodyOf<P extends keyof paths> = paths[P] extends {
  post: { requestBody?: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

export function apiOf(request: APIRequestContext): Api {
  return createClient<paths>({
    baseUrl: baseURL,
    headers: originHeader,
    fetch: async (req: Request) => {
      const headers: Record<string, string> = {};
      req.headers.forEach((value, name) => (headers[name] = value));
      const data = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
      const res = await request.fetch(req.url, { method: req.method, headers, data, maxRedirects: 0 });
      const out = new Headers();
      for (const { name, value } of res.headersArray()) out.append(name, value);
      const empty = res.status() === 204 || res.status() === 304;
      return new Response(empty ? null : new Uint8Array(await res.body()), { status: res.status(), headers: out });
    },
  });
}

/** An answer that must be a success: its data (the test fails with the status and problem otherwise). */
async function created<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>, what: string): Promise<T> {
  const { data, error, response } = await call;
  expect(response.ok, `${what}: ${response.status} ${JSON.stringify(error)}`).toBe(true);
  return data as T;
}

export const createContactByApi = (request: APIRequestContext, body: BodyOf<'/api/v1/contacts'>) =>
  created(apiOf(request).POST('/api/v1/contacts', { body }), 'create contact');

export const createCompanyByApi = (request: APIRequestContext, body: BodyOf<'/api/v1/companies'>) =>
  created(apiOf(request).POST('/api/v1/companies', { body }), 'create company');

export const createListByApi = (request: APIRequestContext, body: BodyOf<'/api/v1/lists'>) =>
  created(apiOf(request).POST('/api/v1/lists', { body }), 'create list');
