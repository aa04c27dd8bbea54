import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { requestEarly } from './early-requests';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const counting = () => {
  let n = 0;
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ n: ++n }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('early requests', () => {
  it('answer the same GET once, then the API is asked again', async () => {
    const fetchMock = counting();
    requestEarly('/api/v1/contacts?limit=50&q=ada');
    requestEarly('/api/v1/contacts?limit=50&q=ada'); // already under way: not sent twice
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.get('/api/v1/contacts', { query: { limit: 50, q: 'ada' } })).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.get('/api/v1/contacts', { query: { limit: 50, q: 'ada' } })).resolves.toEqual({ n: 2 });
  });

  it('are not taken by another URL, a write or a request with its own headers', async () => {
    const fetchMock = counting();
    requestEarly('/api/v1/things');
    await api.get('/api/v1/things', { query: { q: 'x' } });
    await api.post('/api/v1/things', {});
    await api.get('/api/v1/things', { headers: { 'X-Other': '1' } });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await expect(api.get('/api/v1/things')).resolves.toEqual({ n: 1 });
  });

  it('are dropped when nobody took them within 15 s (a later visit reads fresh data)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = counting();
    requestEarly('/api/v1/members/directory');
    vi.setSystemTime(Date.now() + 16_000);
    await expect(api.get('/api/v1/members/directory')).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are asked again when the early one failed on the way', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    requestEarly('/api/v1/saved-views?grid=contacts');
    await expect(api.get('/api/v1/saved-views', { query: { grid: 'contacts' } })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
