import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, isApiErrorWith, isNotFound } from './api-client';

const respond = (status: number, body: string, contentType = 'application/json') =>
  vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with same-origin credentials and returns the body', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/v1/things', { name: 'A' }, { query: { dryRun: true, skip: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/things?dryRun=true');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"A"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws an ApiError carrying the problem details', async () => {
    vi.stubGlobal(
      'fetch',
      respond(
        400,
        JSON.stringify({
          type: 'about:blank',
          title: 'Invalid request',
          status: 400,
          code: 'validation_failed',
          detail: 'Check the highlighted fields',
          errors: [{ path: 'email', message: 'Enter a valid email address' }],
        }),
        'application/problem+json',
      ),
    );
    const error = await api.get('/api/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      title: 'Invalid request',
      detail: 'Check the highlighted fields',
      errors: [{ path: 'email', message: 'Enter a valid email address' }],
    });
    expect(isApiErrorWith(error, 400, 'validation_failed')).toBe(true);
  });

  it('turns a non-JSON failure into a readable problem', async () => {
    vi.stubGlobal('fetch', respond(502, '<html>Bad gateway</html>', 'text/html'));
    const error = await api.get('/api/v1/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_502' });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await api.get('/api/v1/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('resolves 204 answers with undefined', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(api.post('/api/v1/auth/logout')).resolves.toBeUndefined();
  });

  it('treats a 404 and a malformed id in the link as not found, other refusals not', () => {
    const problem = (status: number, errors?: { path: string; message: string }[]) =>
      new ApiError({ type: 'about:blank', title: 't', status, code: 'x', errors });
    expect(isNotFound(problem(404))).toBe(true);
    expect(isNotFound(problem(400, [{ path: 'params.id', message: 'Invalid UUID' }]))).toBe(true);
    expect(isNotFound(problem(400, [{ path: 'name', message: 'Required' }]))).toBe(false);
    expect(isNotFound(problem(400, [{ path: 'params.id', message: 'x' }, { path: 'query.q', message: 'y' }]))).toBe(false);
    expect(isNotFound(problem(400))).toBe(false);
    expect(isNotFound(problem(403))).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});
