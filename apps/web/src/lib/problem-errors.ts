import { isApiError } from './api-client';

/** "body.customFields.score", "/customFields/score" or "customFields.score" → "customFields.score". */
export const normalizeErrorPath = (path: string): string =>
  path
    .replace(/^\/+/, '')
    .replace(/\//g, '.')
    .replace(/^body\./, '');

/** The API's message for one field of a problem answer, if it named that field. */
export function fieldErrorFor(error: unknown, path: string): string | null {
  if (!isApiError(error)) return null;
  return error.errors.find((e) => normalizeErrorPath(e.path) === path)?.message ?? null;
}

/** Messages keyed by field path, for a whole form. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const e of error.errors) out[normalizeErrorPath(e.path)] ??= e.message;
  return out;
}

export type DuplicateInfo = { existingId: string; field: string };

/** A 409 `duplicate` answer: which record already has this email or domain. */
export function duplicateOf(error: unknown): DuplicateInfo | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const problem = error.problem as Record<string, unknown>;
  if (typeof problem.existingId !== 'string') return null;
  return { existingId: problem.existingId, field: typeof problem.field === 'string' ? problem.field : '' };
}
