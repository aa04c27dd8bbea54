import type { FastifyInstance } from 'fastify';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '@leadtrail/contracts/openapi';

/**
 * The API as a customer's generated client sees it: openapi-fetch typed by the types generated
 * from /api/v1/openapi.json (packages/contracts/src/openapi.d.ts), talking to the in-process
 * app through inject. A route whose schema changes without `npm run openapi:types` fails
 * openapi.int.test.ts; a test calling it as it was no longer compiles.
 */
export type ApiClient = Client<paths>;

/** The JSON body an operation takes, from the generated types. */
export type BodyOf<P extends keyof paths, M extends 'post' | 'put' | 'patch'> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

const headersOf = (h: Headers) => {
  const out: Record<string, string> = {};
  h.forEach((value, name) => (out[name] = value));
  return out;
};

/** fetch over app.inject: no socket, the same hooks, validation and serialisation as a real request. */
export function injectFetch(app: FastifyInstance) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: headersOf(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) for (const v of [value].flat()) headers.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

/** A typed client of `app` as `origin` (the CSRF rule), with a session cookie or an API key. */
export function apiClient(
  app: FastifyInstance,
  origin: string,
  auth: { cookie?: string; apiKey?: string } = {},
): ApiClient {
  return createClient<paths>({
    baseUrl: origin,
    fetch: injectFetch(app),
    headers: {
      origin,
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
      ...(auth.apiKey ? { authorization: `Bearer ${auth.apiKey}` } : {}),
    },
  });
}

/** The answer's data, or an error naming the status and the problem (a test's setup step that must work). */
export async function dataOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) {
    throw new Error(`the API answered ${response.status}: ${JSON.stringify(error)}`);
  }
  return data;
}
