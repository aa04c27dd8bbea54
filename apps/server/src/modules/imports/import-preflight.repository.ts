import { sql } from 'drizzle-orm';
import type { Entity } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';
import { suppressionMatchSql } from '../suppressions/suppression-match.sql.js';

/**
 * The queries of the pre-flight check, read only: which of the tried rows' identities already
 * exist in the workspace (contacts by email, companies by domain: the keys the import's writer
 * matches on, records/record-import.repository.ts), and which are suppressed (as the run checks them).
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

    /** The active members' lower-case emails and names (as imports.repository.ts memberKeys). */
    async memberKeys(tx: Tx, workspaceId: string): Promise<Set<string>> {
      const res = await tx.execute(sql`select lower(u.email) as key from members m join users u on u.id = m.user_id
          where m.workspace_id = ${workspaceId} and m.status = 'active'
        union select lower(u.name) from members m join users u on u.id = m.user_id
          where m.workspace_id = ${workspaceId} and m.status = 'active' and u.name is not null`);
      return new Set((res.rows as { key: string }[]).map((r) => r.key));
    },

    async suppressedKeys(tx: Tx, workspaceId: string, entity: Entity, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      // a company's domain is matched as the run matches it: as the domain of an address
      const probe = entity === 'contacts' ? sql`k.key` : sql`('@' || k.key)`;
      const res = await tx.execute(sql`select k.key from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k(key)
        where ${suppressionMatchSql(workspaceId, probe)}`);
      return new Set((res.rows as { key: string }[]).map((r) => r.key));
    },
  };
}
export type ImportPreflightRepository = ReturnType<typeof createImportPreflightRepository>;
