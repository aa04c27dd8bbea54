import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Role } from '@leadtrail/contracts';
import type { JobStarter } from '../../core/bulk-jobs.js';
import type { Tx } from '../../core/unit-of-work.js';
import * as schema from '../../db/schema/index.js';

/** Why enrichment stopped before the import's end (never taken back). */
export type EnrichStop = 'cap' | 'credits' | 'starter_deactivated' | 'starter_role';

/** A contact of an import batch lacking an email or a phone, with the prospect it matched and by which key. */
export type EnrichCandidate = {
  contactId: string;
  firstName: string | null;
  lastName: string | null;
  needsEmail: boolean;
  needsPhone: boolean;
  matchedBy: 'linkedin' | 'email' | 'name_domain';
  prospectEmail: string | null;
  prospectEmailStatus: 'valid' | 'risky' | 'invalid' | 'unknown' | null;
  prospectPhone: string | null;
  prospectId: string;
  /** Already revealed in this workspace (a reveal or an earlier enrichment): filled for free. */
  emailRevealed: boolean;
  phoneRevealed: boolean;
};

/** A contact of an import batch lacking an email or a phone, with the keys it is matched by (the workspace's side). */
export type EnrichLacking = {
  contactId: string;
  firstName: string | null;
  lastName: string | null;
  needsEmail: boolean;
  needsPhone: boolean;
  linkedin: string | null;
  email: string | null;
  domain: string | null;
};

/**
 * The SQL of import enrichment. The import's batch runs on a raw client inside its
 * transaction (COPY-era code); `txOf` gives the credits and contacts modules a drizzle handle
 * on that same connection and transaction, so the charge commits with the batch.
 */
export function createImportEnrichRepository() {
  return {
    txOf: (client: pg.PoolClient): Tx => drizzle(client, { schema }) as unknown as Tx,

    /**
     * The contacts among `ids` lacking an email or every phone, with their keys (LinkedIn URL,
     * email, first + last name and the company's domain): the prospect each matches is found
     * in the prospect tables afterwards (the prospects module; decision 0043: no join across).
     */
    async lacking(tx: Tx, workspaceId: string, ids: string[]): Promise<EnrichLacking[]> {
      if (!ids.length) return [];
      const r = await tx.execute<EnrichLacking>(sql`
        select c.id as "contactId", c.first_name as "firstName", c.last_name as "lastName",
               c.email is null as "needsEmail",
               (c.work_phone is null and c.mobile_phone is null and c.other_phone is null) as "needsPhone",
               c.linkedin_url as linkedin, c.email, co.domain
        from contacts c
        left join companies co on co.workspace_id = c.workspace_id and co.id = c.company_id
        where c.workspace_id = ${workspaceId} and c.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
          and (c.email is null or (c.work_phone is null and c.mobile_phone is null and c.other_phone is null))
        order by c.id`);
      return r.rows;
    },

    /** What this workspace already revealed of these people (a reveal or an earlier enrichment). */
    async revealed(tx: Tx, workspaceId: string, prospectIds: string[]): Promise<Map<string, { email: boolean; phone: boolean }>> {
      if (!prospectIds.length) return new Map();
      const r = await tx.execute<{ id: string; email: boolean; phone: boolean }>(sql`
        select rv.prospect_id as id, rv.email_revealed as email, rv.phone_revealed as phone from prospect_reveals rv
        where rv.workspace_id = ${workspaceId} and rv.prospect_id = any(${sql.param(prospectIds)}::uuid[])`);
      return new Map(r.rows.map((x) => [x.id, { email: x.email, phone: x.phone }]));
    },

    /** Credits this import's enrichment has charged so far, and the fields it filled. */
    async charged(tx: Tx, workspaceId: string, importId: string): Promise<{ credits: number; emails: number; phones: number }> {
      const r = await tx.execute<{ credits: number; emails: number; phones: number }>(sql`
        select coalesce(-sum(amount), 0)::int as credits,
               count(*) filter (where data_requested = 'email')::int as emails,
               count(*) filter (where data_requested = 'phone')::int as phones
        from credit_ledger
        where workspace_id = ${workspaceId} and feature = 'import_enrich' and kind = 'spend' and reference = ${importId}`);
      return r.rows[0] ?? { credits: 0, emails: 0, phones: 0 };
    },

    /** Why enrichment stopped early, kept on the import's options. */
    async stopped(tx: Tx, workspaceId: string, importId: string): Promise<EnrichStop | null> {
      const r = await tx.execute<{ s: EnrichStop | null }>(sql`
        select options->>'enrichStopped' as s from imports where workspace_id = ${workspaceId} and id = ${importId}`);
      return r.rows[0]?.s ?? null;
    },

    /** The member who started the import, as they are now (the enrichment spends their credits). */
    async starter(tx: Tx, workspaceId: string, memberId: string): Promise<JobStarter> {
      const r = await tx.execute<{ role: Role; status: 'active' | 'deactivated' }>(
        sql`select role, status from members where workspace_id = ${workspaceId} and id = ${memberId}`,
      );
      return r.rows[0] ?? null;
    },

    async markStopped(tx: Tx, workspaceId: string, importId: string, why: EnrichStop) {
      await tx.execute(sql`
        update imports set options = options || jsonb_build_object('enrichStopped', ${why}::text)
        where workspace_id = ${workspaceId} and id = ${importId}`);
    },
  };
}

export type ImportEnrichRepository = ReturnType<typeof createImportEnrichRepository>;
