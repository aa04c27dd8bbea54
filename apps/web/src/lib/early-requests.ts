/**
 * GET requests started before the code that reads them has loaded (issue 13: on a phone the
 * page's data arrives while its chunks download, not after them). apiRequest takes a waiting
 * answer for the same URL instead of asking again; an answer nobody took within a short while
 * is dropped, so a later visit reads fresh data.
 */
const FRESH_MS = 15_000;

type Early = { response: Promise<Response>; at: number };
const waiting = new Map<string, Early>();

/** Starts GET `url` (same-origin, JSON) unless it is already under way. */
export function requestEarly(url: string): void {
  if (waiting.has(url)) return;
  const response = fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  // a failure is handled by whoever takes it (or nobody): not an unhandled rejection
  response.catch(() => undefined);
  waiting.set(url, { response, at: Date.now() });
}

/** The early answer for GET `url`, once: undefined when there is none or it is too old. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const early = waiting.get(url);
  if (!early) return undefined;
  waiting.delete(url);
  return Date.now() - early.at <= FRESH_MS ? early.response : undefined;
}

/** True while early answers wait to be taken: the page is still on its first load. */
export const hasEarlyRequests = (): boolean => waiting.size > 0;
