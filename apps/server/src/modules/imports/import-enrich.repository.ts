import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
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

/**
 * The one prospect a person matches, for a lateral join: by LinkedIn URL, else by email, else
 * by first + last name and company domain (case-insensitive). The processor's batches and the
 * dry run match with this same rule.
 */
const bestProspect = (k: { linkedin: SQL; email: SQL; domain: SQL; first: SQL; last: SQL }) => sql`(
          select x.* from (
            (select 'linkedin' as matched_by, 1 as rank, p.id, p.email, p.email_status, p.phone from prospect_people p
              where ${k.linkedin} is not null and p.linkedin_url = ${k.linkedin} limit 1)
            union all
            (select 'email', 2, p.id, p.email, p.email_status, p.phone from prospect_people p
              where ${k.email} is not null and p.email = ${k.email} limit 1)
            union all
            (select 'name_domain', 3, p.id, p.email, p.email_status, p.phone from prospect_people p
              where ${k.domain} is not null and ${k.first} is not null and ${k.last} is not null
                and lower(p.company_domain) = lower(${k.domain})
                and lower(p.first_name) = lower(${k.first}) and lower(p.last_name) = lower(${k.last})
              limit 1)
          ) x order by x.rank limit 1
        )`;

/**
 * The SQL of import enrichment. The import's batch runs on a raw client inside its
 * transaction (COPY-era code); `txOf` gives the credits and contacts modules a drizzle handle
 * on that same connection and transaction, so the charge commits with the batch.
 */
export function createImportEnrichRepository() {
  return {
    txOf: (client: pg.PoolClient): Tx => drizzle(client, { schema }) as unknown as Tx,

    /**
     * The contacts among `ids` lacking an email or every phone, each with its best prospect:
     * by LinkedIn URL, else by email, else by first + last name and the company's domain.
     */
    async candidates(tx: Tx, workspaceId: string, ids: string[]): Promise<EnrichCandidate[]> {
      if (!ids.length) return [];
      const r = await tx.execute<EnrichCandidate>(sql`
        select c.id as "contactId", c.first_name as "firstName", c.last_name as "lastName",
               c.email is null as "needsEmail",
               (c.work_phone is null and c.mobile_phone is null and c.other_phone is null) as "needsPhone",
               m.matched_by as "matchedBy", m.email as "prospectEmail", m.email_status as "prospectEmailStatus", m.phone as "prospectPhone",
               m.id as "prospectId", coalesce(rv.email_revealed, false) as "emailRevealed", coalesce(rv.phone_revealed, false) as "phoneRevealed"
        from contacts c
        left join companies co on co.workspace_id = c.workspace_id and co.id = c.company_id
        cross join lateral ${bestProspect({ linkedin: sql`c.linkedin_url`, email: sql`c.email`, domain: sql`co.domain`, first: sql`c.first_name`, last: sql`c.last_name` })} m
        left join prospect_reveals rv on rv.workspace_id = c.workspace_id and rv.prospect_id = m.id
        where c.workspace_id = ${workspaceId} and c.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
          and (c.email is null or (c.work_phone is null and c.mobile_phone is null and c.other_phone is null))
        order by c.id`);
      return r.rows;
    },

    /**
     * The dry run's matching: for file rows (not written yet), the key each would match a
     * prospect by (same order as the processor) and what that prospect has.
     */
    async matchRows(
      tx: Tx,
      rows: { linkedin: string | null; email: string | null; first: string | null; last: string | null; domain: string | null }[],
    ): Promise<{ i: number; matchedBy: 'linkedin' | 'email' | 'name_domain' | null; hasEmail: boolean; hasPhone: boolean }[]> {
      if (!rows.length) return [];
      const r = await tx.execute<{ i: number; matchedBy: 'linkedin' | 'email' | 'name_domain' | null; hasEmail: boolean; hasPhone: boolean }>(sql`
        select f.i::int as i, m.matched_by as "matchedBy", coalesce(m.email is not null, false) as "hasEmail", coalesce(m.phone is not null, false) as "hasPhone"
        from jsonb_to_recordset(${JSON.stringify(rows.map((x, n) => ({ ...x, i: n + 1 })))}::jsonb)
          as f(linkedin text, email text, first text, last text, domain text, i int)
        left join lateral ${bestProspect({ linkedin: sql`f.linkedin`, email: sql`f.email`, domain: sql`f.domain`, first: sql`f.first`, last: sql`f.last` })} m on true
        order by f.i`);
      return r.rows;
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
