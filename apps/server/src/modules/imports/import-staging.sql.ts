import { sql, type SQL } from 'drizzle-orm';
import type { ImportRow } from '../../db/schema/index.js';

type ImportEntity = ImportRow['entity'];

/**
 * Expressions over a staged import row (alias `r`, the import_rows table): its identity as the
 * suppression check reads it (a contact's email, a company's domain as `@domain`) and the name
 * the import's page shows for a suppressed row.
 */
export const stagedKeySql = (entity: ImportEntity): SQL => (entity === 'contacts' ? sql`r.key` : sql`('@' || r.key)`);

export const stagedNameSql = (entity: ImportEntity): SQL =>
  entity === 'contacts' ? sql`trim(concat_ws(' ', r.data->>'first_name', r.data->>'last_name'))` : sql`(r.data->>'name')`;
