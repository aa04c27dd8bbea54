import { sql } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { notFound } from '../../lib/errors.js';

/**
 * The pre-check of a use case on a contact's or company's satellite (its notes, timeline, lists),
 * inside that use case's unit of work (issue 25: no guard of its own before it): a 404 unless the
 * record is in the workspace. A fragment other modules import; row-level security applies.
 */
export async function assertRecordIn(tx: Tx, workspaceId: string, entity: 'contacts' | 'companies', id: string): Promise<void> {
  const table = entity === 'contacts' ? sql`contacts` : sql`companies`;
  const found = await tx.execute(sql`select 1 from ${table} where workspace_id = ${workspaceId}::uuid and id = ${id}::uuid`);
  if (found.rows.length === 0) throw notFound(entity === 'contacts' ? 'Contact' : 'Company');
}
