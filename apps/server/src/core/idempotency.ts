import { createHash } from 'node:crypto';


/** Canonical JSON (sorted keys, undefined left out): the same body always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** SHA-256 of a request body's canonical JSON: a key reused for another body is told apart. */
export const requestHashOf = (body: unknown): string => createHash('sha256').update(canonical(body)).digest('hex');

// the table's SQL is a shared fragment (issue 25: SQL only in repositories and *.sql.ts)
export { idempotency, type IdempotentAnswer } from './idempotency.sql.js';
