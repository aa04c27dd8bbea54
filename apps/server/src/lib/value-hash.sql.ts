import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';

/**
 * SHA-256 (hex) of an email or phone as the reveal compares them: trimmed, lower-case. Keys a
 * charge and a refunded address without keeping the address (decision 0027); valueHashSql is
 * the same in SQL, so either side can compute it.
 */
export const valueHash = (value: string): string => createHash('sha256').update(value.trim().toLowerCase(), 'utf8').digest('hex');

export const valueHashSql = (expr: SQL): SQL => sql`encode(sha256(convert_to(lower(btrim(${expr})), 'UTF8')), 'hex')`;
