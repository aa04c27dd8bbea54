import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { RevealFields, Role } from '@leadtrail/contracts';
import type { JobStarter } from '../../core/bulk-jobs.js';
import type { Tx } from '../../core/unit-of-work.js';
import { revealJobs } from '../../db/schema/index.js';

export type RevealWrite = { prospectId: string; email: boolean; phone: boolean; contactId: string | null };

/** A job's row without its people (10,000 ids: read a batch of them with jobIds). */
export type RevealJobRow = Omit<typeof revealJobs.$inferSelect, 'prospectIds'>;
const { prospectIds: _ids, ...JOB_COLUMNS } = getTableColumns(revealJobs);

/**
 * The only file that writes reveal state: this workspace's reveals (the people come from
 * prospects.forRevealIn), idempotency keys and bulk reveal jobs.
 */
export function createRevealRepository() {
  return {
    /**
     * Records what was revealed (once per person: flags only ever turn on) and the contact.
     * Answers each person's reveal id (its life: the ledger keys their charges by it).
     */
    async upsertReveals(tx: Tx, workspaceId: string, memberId: string, writes: RevealWrite[]): Promise<Map<string, string>> {
      if (!writes.length) return new Map();
      // one row per person (an import may fill two contacts from one): PostgreSQL refuses an
      // upsert that changes a row twice
      const byPerson = new Map<string, RevealWrite>();
      for (const w of writes) {
        const seen = byPerson.get(w.prospectId);
        byPerson.set(w.prospectId, seen ? { prospectId: w.prospectId, email: seen.email || w.email, phone: seen.phone || w.phone, contactId: seen.contactId ?? w.contactId } : w);
      }
      const rows = [...byPerson.values()];
      const r = await tx.execute<{ prospect_id: string; id: string }>(sql`
        insert into prospect_reveals (workspace_id, prospect_id, email_revealed, email_revealed_at, phone_revealed, phone_revealed_at, contact_id, revealed_by)
        select ${workspaceId}::uuid, x.prospect_id, x.email, case when x.email then now() end, x.phone, case when x.phone then now() end,
               x.contact_id, ${memberId}::uuid
        from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ prospect_id: r.prospectId, email: r.email, phone: r.phone, contact_id: r.contactId })))}::jsonb)
          as x (prospect_id uuid, email boolean, phone boolean, contact_id uuid)
        on conflict (workspace_id, prospect_id) do update set
          email_revealed = prospect_reveals.email_revealed or excluded.email_revealed,
          email_revealed_at = coalesce(prospect_reveals.email_revealed_at, excluded.email_revealed_at),
          phone_revealed = prospect_reveals.phone_revealed or excluded.phone_revealed,
          phone_revealed_at = coalesce(prospect_reveals.phone_revealed_at, excluded.phone_revealed_at),
          contact_id = coalesce(excluded.contact_id, prospect_reveals.contact_id)
        returning prospect_id, id`);
      return new Map(r.rows.map((row) => [row.prospect_id, row.id]));
    },

    /**
     * The reveal whose email became this contact, revealed now or refunded (null: none, or
     * another workspace's).
     */
    async emailRevealOfContact(tx: Tx, workspaceId: string, contactId: string): Promise<{ prospectId: string; revealId: string; emailRevealed: boolean } | null> {
      const r = await tx.execute<{ prospectId: string; revealId: string; emailRevealed: boolean }>(sql`
        select prospect_id as "prospectId", id as "revealId", email_revealed as "emailRevealed" from prospect_reveals
        where workspace_id = ${workspaceId} and contact_id = ${contactId} and (email_revealed or email_refunded_at is not null)
        limit 1`);
      return r.rows[0] ?? null;
    },

    /**
     * The email's credit came back: no longer revealed, and the refunded address's hash kept
     * (the service gives the person's address's now for a charge from before 0811, which has
     * none: read in the prospect tables, decision 0043). Answers that hash.
     */
    async markEmailRefunded(tx: Tx, workspaceId: string, prospectId: string, hash: string | null): Promise<string | null> {
      const r = await tx.execute<{ h: string | null }>(sql`
        update prospect_reveals r set email_revealed = false, email_revealed_at = null, email_refunded_at = now(),
          email_refunded_hash = ${hash}::text
        where r.workspace_id = ${workspaceId} and r.prospect_id = ${prospectId}
        returning r.email_refunded_hash as h`);
      return r.rows[0]?.h ?? null;
    },

    /**
     * Stored answers of retried reveals (scope `scope`) that handed out this person's data: gone,
     * so replaying a key can't hand back a refunded address (a replay reveals anew, free for
     * what is still revealed).
     */
    async forgetAnswersRevealing(tx: Tx, workspaceId: string, scope: string, prospectId: string): Promise<number> {
      const r = await tx.execute(sql`
        delete from idempotency_keys
        where workspace_id = ${workspaceId} and scope = ${scope}
          and response -> 'revealed' @> jsonb_build_array(jsonb_build_object('prospectId', ${prospectId}::text))`);
      return r.rowCount ?? 0;
    },

    async insertJob(
      tx: Tx,
      workspaceId: string,
      job: { id: string; memberId: string; userId: string; fields: RevealFields; listId: string | null; prospectIds: string[]; estimatedCost: number; validOnly: boolean },
    ): Promise<void> {
      await tx.insert(revealJobs).values({ workspaceId, ...job, total: job.prospectIds.length });
    },

    async job(tx: Tx, workspaceId: string, id: string, opts: { lock?: boolean } = {}): Promise<RevealJobRow | null> {
      const q = tx
        .select(JOB_COLUMNS)
        .from(revealJobs)
        .where(and(eq(revealJobs.workspaceId, workspaceId), eq(revealJobs.id, id)));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    /** The job's people from position `from` (0-based), at most `count` of them. */
    async jobIds(tx: Tx, workspaceId: string, id: string, from: number, count: number): Promise<string[]> {
      const r = await tx.execute<{ ids: string[] | null }>(sql`
        select (prospect_ids[${from + 1}:${from + count}])::text[] as ids from reveal_jobs where workspace_id = ${workspaceId} and id = ${id}`);
      return r.rows[0]?.ids ?? [];
    },

    /** Changes a job; `unfinished` only while it is queued or running (a cancelled job stays so). */
    async updateJob(
      tx: Tx,
      workspaceId: string,
      id: string,
      set: Partial<Omit<RevealJobRow, 'workspaceId' | 'id'>>,
      opts: { unfinished?: boolean } = {},
    ): Promise<void> {
      await tx
        .update(revealJobs)
        .set({ ...set, updatedAt: new Date() })
        .where(
          and(
            eq(revealJobs.workspaceId, workspaceId),
            eq(revealJobs.id, id),
            opts.unfinished ? inArray(revealJobs.status, ['queued', 'running']) : undefined,
          ),
        );
    },

    /** The member a job acts for, as they are now (their role and status go with the job). */
    async starter(tx: Tx, workspaceId: string, memberId: string): Promise<JobStarter> {
      const r = await tx.execute<{ role: Role; status: 'active' | 'deactivated' }>(
        sql`select role, status from members where workspace_id = ${workspaceId} and id = ${memberId}`,
      );
      return r.rows[0] ?? null;
    },

    /** Unfinished jobs of every workspace (a definer function: the restart sweep knows no workspace). */
    async unfinishedJobs(tx: Tx): Promise<{ workspaceId: string; id: string }[]> {
      const r = await tx.execute<{ workspace_id: string; id: string }>(sql`select workspace_id, id from unfinished_reveal_jobs()`);
      return r.rows.map((row) => ({ workspaceId: row.workspace_id, id: row.id }));
    },
  };
}

export type RevealRepository = ReturnType<typeof createRevealRepository>;
