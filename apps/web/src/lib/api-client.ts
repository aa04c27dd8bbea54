import { problemSchema, type Problem } from '@leadtrail/contracts';
import type { z } from 'zod';
import { takeEarly } from './early-requests';

export type FieldError = { path: string; message: string };

/** An API failure, carrying the RFC 9457 problem details the server answered. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: FieldError[];
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.problem = problem;
    this.status = problem.status;
    this.code = problem.code;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors ?? [];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** True when the error is an API answer with this status (and code, when given). */
export const isApiErrorWith = (error: unknown, status: number, code?: string): error is ApiError =>
  isApiError(error) && error.status === status && (code === undefined || error.code === code);

/**
 * True when what a page asked for is not there: a 404, or a link whose id is malformed (the server
 * refuses such a path as a validation error on `params`, before any look-up).
 */
export const isNotFound = (error: unknown): error is ApiError =>
  isApiError(error) &&
  (error.status === 404 ||
    (error.status === 400 && error.errors.length > 0 && error.errors.every((e) => e.path.startsWith('params.'))));

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Validates (and strips) the response with the contract's schema. */
  schema?: z.ZodType<T>;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
};

const withQuery = (path: string, query?: Query): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
};

const fallbackTitle = (status: number): string => {
  if (status === 401) return 'Please sign in to continue.';
  if (status === 403) return "You don't have permission to do this.";
  if (status === 404) return 'We could not find what you asked for.';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'The request could not be completed.';
};

const readProblem = async (response: Response): Promise<Problem> => {
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      const raw: unknown = JSON.parse(text);
      const parsed = problemSchema.safeParse(raw);
      // Keep extension members (e.g. a duplicate's `existingId`): RFC 9457 allows them.
      if (parsed.success) return { ...(raw as object), ...parsed.data };
    } catch {
      // Not JSON (a proxy's HTML error page, for example): fall through.
    }
  }
  return {
    type: 'about:blank',
    title: fallbackTitle(response.status),
    status: response.status,
    code: `http_${response.status}`,
  };
};

/** Calls the same-origin API; resolves with the JSON body or throws an ApiError. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, signal, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const url = withQuery(path, query);
  const send = () =>
    fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  // a plain GET the page started before its code loaded (lib/early-requests.ts); if that one
  // failed on the way, ask again
  const early = method === 'GET' && !options.headers ? takeEarly(url) : undefined;

  let response: Response;
  try {
    response = early ? await early.catch(send) : await send();
    // the early request did not listen to this one's signal
    if (early) signal?.throwIfAborted();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      type: 'about:blank',
      title: "We couldn't reach Leadtrail. Check your connection and try again.",
      status: 0,
      code: 'network_error',
    });
  }

  if (!response.ok) throw new ApiError(await readProblem(response));
  if (response.status === 204) return undefined as T;

  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return schema ? schema.parse(data) : (data as T);
}

/** The URL apiRequest asks for `path` with `query` (the same for an early request). */
export const apiUrl = withQuery;

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A sentence to show a user for any error thrown by a request or by our code. */
export const errorMessage = (error: unknown): string => {
  if (isApiError(error)) return error.detail ?? error.title;
  return 'Something went wrong. Please try again.';
};
