import { sql } from 'drizzle-orm';
import type { Entity } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';

/**
 * The one query of the pre-flight check: which of the tried rows' identities already exist in
 * the workspace (contacts by email, companies by domain: the keys the import's writer matches
 * on, record-import-writer.ts). Read only.
 */
export function createImportPreflightRepository() {
  return {
    async existingKeys(tx: Tx, workspaceId: string, entity: Entity, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const list = JSON.stringify(keys);
      const res =
        entity === 'contacts'
          ? await tx.execute(sql`select email as key from contacts
              where workspace_id = ${workspaceId} and email in (select jsonb_array_elements_text(${list}::jsonb))`)
          : await tx.execute(sql`select domain as key from companies
              where workspace_id = ${workspaceId} and domain in (select jsonb_array_elements_text(${list}::jsonb))`);
      return new Set((res.rows as { key: string }[]).map((r) => r.key));
    },
  };
}
export type ImportPreflightRepository = ReturnType<typeof createImportPreflightRepository>;
