import { sql } from 'drizzle-orm';
import type { DuplicateContact, DuplicateReason } from '@leadtrail/contracts';
import type { Tx } from '../../../core/unit-of-work.js';

/** A phone shared by more contacts than this is a switchboard, not a person (decision 0037). */
export const SHARED_PHONE_LIMIT = 5;

export type PairRow = { a: string; b: string; reasons: DuplicateReason[]; score: number; total: number };

/** What a merge moved or changed, per pair: enough to put it all back (decision 0037). */
export type MergeSnapshot = {
  keepId: string;
  mergeId: string;
  /** Both full rows before the merge, as to_jsonb gives them. */
  keepRow: Record<string, unknown>;
  mergeRow: Record<string, unknown>;
  noteIds: string[];
  activityIds: string[];
  /** The merged contact's list memberships (full rows) and the lists the keeper was on before. */
  memberships: Record<string, unknown>[];
  keepListIds: string[];
  /** Reveals that pointed at the merged contact (the delete set them to null). */
  revealIds: string[];
  /** Additional emails and phones of both (issue 26), when that table exists. */
  keepChannels: Record<string, unknown>[] | null;
  mergeChannels: Record<string, unknown>[] | null;
  /** Timeline entries the merge wrote on the keeper (merged, edited): the undo removes them. */
  addedActivityIds: string[];
};

export type MergeRow = {
  id: string;
  memberId: string | null;
  merged: number;
  skipped: number;
  items: MergeSnapshot[];
  createdAt: string;
  undoneAt: string | null;
};

const CONTACT_FIELDS = sql`
  c.id, c.first_name as "firstName", c.last_name as "lastName", c.email, c.work_phone as "workPhone",
  c.mobile_phone as "mobilePhone", c.other_phone as "otherPhone", c.job_title as "jobTitle", c.company_id as "companyId",
  co.name as "companyName", c.linkedin_url as "linkedinUrl", c.owner_id as "ownerId",
  (num_nonnulls(c.first_name, c.last_name, c.email, c.work_phone, c.mobile_phone, c.other_phone, c.job_title, c.seniority,
    c.department, c.company_id, c.linkedin_url, c.city, c.region, c.country, c.owner_id)
    + (select count(*) from jsonb_object_keys(c.custom_fields)))::int as filled,
  to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;

/** The columns of contacts a restore writes (all but generated ones), read once per process. */
let contactColumns: Promise<string[]> | null = null;
let channelsTable: Promise<boolean> | null = null;

/**
 * Likely duplicate contacts and the snapshots that make their merge undoable. Every statement
 * names the workspace (and row-level security applies); none opens a transaction.
 */
export function createContactDuplicatesRepository() {
  const columnsIn = (tx: Tx) =>
    (contactColumns ??= tx
      .execute<{ name: string }>(sql`
        select attname as name from pg_attribute
        where attrelid = 'contacts'::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`)
      .then((r) => r.rows.map((x) => x.name))
      .catch((err: unknown) => {
        contactColumns = null;
        throw err;
      }));
  const hasChannels = (tx: Tx) =>
    (channelsTable ??= tx
      .execute<{ t: string | null }>(sql`select to_regclass('public.contact_channels')::text as t`)
      .then((r) => !!r.rows[0]?.t)
      .catch((err: unknown) => {
        channelsTable = null;
        throw err;
      }));

  return {
    /**
     * One page of likely pairs, most certain first. Each key groups contacts through an index
     * (name+company, each phone column, LinkedIn URL); a group pairs its first contact (by id:
     * the oldest) with each other one, so the work is linear in the contacts, never n².
     */
    async pairs(tx: Tx, workspaceId: string, opts: { limit: number; after: { score: number; a: string; b: string } | null }) {
      const after = opts.after;
      // JIT compiles this statement's many expressions for longer than it runs (1.9 s against
      // 0.2 s at 100k contacts, bench/duplicates.bench.ts): off for this transaction only
      await tx.execute(sql`select set_config('jit', 'off', true)`);
      const res = await tx.execute<PairRow>(sql`
        with names as materialized (
          -- first the keys held more than once, each from its index read in order (counts only,
          -- no table rows); then the contacts of just those keys, probed in the same indexes.
          -- name_key (0921) is stored and indexed with the company
          select company_id, name_key from contacts
          where workspace_id = ${workspaceId} and company_id is not null and name_key is not null
          group by company_id, name_key having count(*) > 1
        ),
        urls as materialized (
          select linkedin_url from contacts where workspace_id = ${workspaceId} and linkedin_url is not null
          group by linkedin_url having count(*) > 1
        ),
        phones as materialized (
          -- a number in one column (work, mobile, other) more than once, or in two of them
          select work_phone as phone from contacts where workspace_id = ${workspaceId} and work_phone is not null group by work_phone having count(*) > 1
          union
          select mobile_phone from contacts where workspace_id = ${workspaceId} and mobile_phone is not null group by mobile_phone having count(*) > 1
          union
          select other_phone from contacts where workspace_id = ${workspaceId} and other_phone is not null group by other_phone having count(*) > 1
          union
          select m.mobile_phone from contacts m where m.workspace_id = ${workspaceId} and m.mobile_phone is not null
            and exists (select 1 from contacts w where w.workspace_id = ${workspaceId} and w.work_phone = m.mobile_phone)
          union
          select o.other_phone from contacts o where o.workspace_id = ${workspaceId} and o.other_phone is not null
            and (exists (select 1 from contacts w where w.workspace_id = ${workspaceId} and w.work_phone = o.other_phone)
              or exists (select 1 from contacts m where m.workspace_id = ${workspaceId} and m.mobile_phone = o.other_phone))
        ),
        groups as (
          select 'same_name_and_company' as reason, g.ids from names k
          cross join lateral (
            select array_agg(c.id order by c.id) as ids from contacts c
            where c.workspace_id = ${workspaceId} and c.company_id = k.company_id and c.name_key = k.name_key
          ) g
          union all
          select 'same_linkedin', g.ids from urls k
          cross join lateral (
            select array_agg(c.id order by c.id) as ids from contacts c where c.workspace_id = ${workspaceId} and c.linkedin_url = k.linkedin_url
          ) g
          union all
          select 'same_phone', g.ids from phones k
          cross join lateral (
            select array_agg(distinct x.id order by x.id) as ids from (
              select c.id from contacts c where c.workspace_id = ${workspaceId} and c.work_phone = k.phone
              union all
              select c.id from contacts c where c.workspace_id = ${workspaceId} and c.mobile_phone = k.phone
              union all
              select c.id from contacts c where c.workspace_id = ${workspaceId} and c.other_phone = k.phone
            ) x
          ) g
          where cardinality(g.ids) between 2 and ${SHARED_PHONE_LIMIT}
        ),
        pairs as (
          select g.ids[1] as a, o.id as b, g.reason from groups g cross join lateral unnest(g.ids[2:]) as o(id)
        ),
        scored as (
          select p.a, p.b, array_agg(distinct p.reason) as reasons,
            sum(case p.reason when 'same_linkedin' then 3 else 2 end)::int as score
          from (select distinct least(a, b) as a, greatest(a, b) as b, reason from pairs) p
          where not exists (
            select 1 from contact_duplicate_dismissals d
            where d.workspace_id = ${workspaceId} and d.contact_a = p.a and d.contact_b = p.b)
          group by p.a, p.b
        ),
        counted as (select s.*, count(*) over ()::int as total from scored s)
        select a, b, reasons, score, total from counted
        ${after ? sql`where score < ${after.score} or (score = ${after.score} and (a, b) > (${after.a}::uuid, ${after.b}::uuid))` : sql``}
        order by score desc, a, b
        limit ${opts.limit + 1}`);
      return res.rows;
    },

    /** The key fields of these contacts, as the view shows them. */
    async contacts(tx: Tx, workspaceId: string, ids: string[]): Promise<DuplicateContact[]> {
      if (!ids.length) return [];
      const res = await tx.execute<DuplicateContact>(sql`
        select ${CONTACT_FIELDS} from contacts c
        left join companies co on co.workspace_id = c.workspace_id and co.id = c.company_id
        where c.workspace_id = ${workspaceId} and c.id = any(${sql.param(ids)}::uuid[])`);
      return res.rows;
    },

    /** Locks every contact of a bulk merge at once, in id order (two bulk merges take turns). */
    async lock(tx: Tx, workspaceId: string, ids: string[]) {
      await tx.execute(sql`
        select id from contacts where workspace_id = ${workspaceId} and id = any(${sql.param(ids)}::uuid[]) order by id for update`);
    },

    async dismiss(tx: Tx, workspaceId: string, a: string, b: string, memberId: string) {
      await tx.execute(sql`
        insert into contact_duplicate_dismissals (workspace_id, contact_a, contact_b, dismissed_by)
        values (${workspaceId}, ${a}, ${b}, ${memberId}) on conflict do nothing`);
    },

    /** Everything of a pair a merge changes, read before it (both rows locked by the caller). */
    async snapshot(tx: Tx, workspaceId: string, keepId: string, mergeId: string): Promise<Omit<MergeSnapshot, 'addedActivityIds'> & { keepNow: string[] }> {
      const channels = await hasChannels(tx);
      const res = await tx.execute<Omit<MergeSnapshot, 'addedActivityIds' | 'keepId' | 'mergeId'> & { keepNow: string[] }>(sql`
        select
          (select to_jsonb(c) from contacts c where c.workspace_id = ${workspaceId} and c.id = ${keepId}) as "keepRow",
          (select to_jsonb(c) from contacts c where c.workspace_id = ${workspaceId} and c.id = ${mergeId}) as "mergeRow",
          coalesce((select array_agg(n.id) from notes n where n.workspace_id = ${workspaceId} and n.contact_id = ${mergeId}), '{}') as "noteIds",
          coalesce((select array_agg(x.id) from activities x where x.workspace_id = ${workspaceId} and x.contact_id = ${mergeId}), '{}') as "activityIds",
          coalesce((select jsonb_agg(to_jsonb(l)) from list_contacts l where l.workspace_id = ${workspaceId} and l.contact_id = ${mergeId}), '[]') as memberships,
          coalesce((select array_agg(l.list_id) from list_contacts l where l.workspace_id = ${workspaceId} and l.contact_id = ${keepId}), '{}') as "keepListIds",
          coalesce((select array_agg(r.prospect_id) from prospect_reveals r where r.workspace_id = ${workspaceId} and r.contact_id = ${mergeId}), '{}') as "revealIds",
          ${channels ? sql`coalesce((select jsonb_agg(to_jsonb(h)) from contact_channels h where h.workspace_id = ${workspaceId} and h.contact_id = ${keepId}), '[]')` : sql`null::jsonb`} as "keepChannels",
          ${channels ? sql`coalesce((select jsonb_agg(to_jsonb(h)) from contact_channels h where h.workspace_id = ${workspaceId} and h.contact_id = ${mergeId}), '[]')` : sql`null::jsonb`} as "mergeChannels",
          coalesce((select array_agg(x.id) from activities x where x.workspace_id = ${workspaceId} and x.contact_id = ${keepId} and x.created_at = now()), '{}') as "keepNow"`);
      return { keepId, mergeId, ...res.rows[0]! };
    },

    /** The keeper's timeline entries written in this transaction (a merge's merged and edited rows among them). */
    async activitiesNow(tx: Tx, workspaceId: string, contactId: string) {
      const res = await tx.execute<{ id: string }>(sql`
        select id from activities where workspace_id = ${workspaceId} and contact_id = ${contactId} and created_at = now()`);
      return res.rows.map((r) => r.id);
    },

    async insertMerge(tx: Tx, workspaceId: string, m: { id: string; memberId: string; merged: number; skipped: number; items: MergeSnapshot[] }) {
      await tx.execute(sql`
        insert into contact_merges (workspace_id, id, member_id, merged, skipped, items)
        values (${workspaceId}, ${m.id}, ${m.memberId}, ${m.merged}, ${m.skipped}, ${JSON.stringify(m.items)}::jsonb)`);
    },

    /** The merge, locked (an undo and a second undo take turns); null when not in the workspace. */
    async lockMerge(tx: Tx, workspaceId: string, id: string): Promise<MergeRow | null> {
      const res = await tx.execute<MergeRow>(sql`
        select id, member_id as "memberId", merged, skipped, items, created_at::text as "createdAt", undone_at::text as "undoneAt"
        from contact_merges where workspace_id = ${workspaceId} and id = ${id} for update`);
      return res.rows[0] ?? null;
    },

    async recentMerges(tx: Tx, workspaceId: string, limit: number) {
      const res = await tx.execute<Omit<MergeRow, 'items'>>(sql`
        select id, member_id as "memberId", merged, skipped,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          to_char(undone_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "undoneAt"
        from contact_merges where workspace_id = ${workspaceId} order by created_at desc, id desc limit ${limit}`);
      return res.rows;
    },

    async markUndone(tx: Tx, workspaceId: string, id: string, memberId: string) {
      await tx.execute(sql`update contact_merges set undone_at = now(), undone_by = ${memberId} where workspace_id = ${workspaceId} and id = ${id}`);
    },

    /** Which of these ids are contacts of the workspace now. */
    async existing(tx: Tx, workspaceId: string, ids: string[]) {
      const res = await tx.execute<{ id: string }>(sql`select id from contacts where workspace_id = ${workspaceId} and id = any(${sql.param(ids)}::uuid[])`);
      return new Set(res.rows.map((r) => r.id));
    },

    /** The contact holding an email now (a restore can't give the merged one its address back then). */
    async emailHolder(tx: Tx, workspaceId: string, email: string) {
      const res = await tx.execute<{ id: string }>(sql`select id from contacts where workspace_id = ${workspaceId} and email = ${email} limit 1`);
      return res.rows[0]?.id ?? null;
    },

    /**
     * Puts one merge of a pair back, newest first (the caller goes through the items in reverse):
     * the keeper's row as it was, the merged row again, its notes, timeline, list memberships,
     * reveals and channels back to it; the merge's own timeline entries on the keeper removed.
     */
    async restore(tx: Tx, workspaceId: string, s: MergeSnapshot) {
      const cols = (await columnsIn(tx)).filter((c) => c !== 'workspace_id' && c !== 'id');
      const list = sql.raw(cols.map((c) => `"${c}"`).join(', '));
      const fromR = sql.raw(cols.map((c) => `r."${c}"`).join(', '));
      await tx.execute(sql`
        update contacts set (${list}) = (select ${fromR} from jsonb_populate_record(null::contacts, ${JSON.stringify(s.keepRow)}::jsonb) r)
        where workspace_id = ${workspaceId} and id = ${s.keepId}`);
      await tx.execute(sql`
        insert into contacts (workspace_id, id, ${list})
        select ${workspaceId}::uuid, ${s.mergeId}::uuid, ${fromR} from jsonb_populate_record(null::contacts, ${JSON.stringify(s.mergeRow)}::jsonb) r`);
      await tx.execute(sql`
        update notes set contact_id = ${s.mergeId}
        where workspace_id = ${workspaceId} and contact_id = ${s.keepId} and id = any(${sql.param(s.noteIds)}::uuid[])`);
      await tx.execute(sql`
        update activities set contact_id = ${s.mergeId}
        where workspace_id = ${workspaceId} and contact_id = ${s.keepId} and id = any(${sql.param(s.activityIds)}::uuid[])`);
      await tx.execute(sql`
        delete from activities where workspace_id = ${workspaceId} and contact_id = ${s.keepId} and id = any(${sql.param(s.addedActivityIds)}::uuid[])`);
      // the memberships the keeper took over from the merged contact go back to it
      const gained = s.memberships.map((m) => String(m.list_id)).filter((id) => !s.keepListIds.includes(id));
      await tx.execute(sql`
        delete from list_contacts where workspace_id = ${workspaceId} and contact_id = ${s.keepId} and list_id = any(${sql.param(gained)}::uuid[])`);
      await tx.execute(sql`
        insert into list_contacts select r.* from jsonb_populate_recordset(null::list_contacts, ${JSON.stringify(s.memberships)}::jsonb) r
        where r.workspace_id = ${workspaceId}
        on conflict do nothing`);
      await tx.execute(sql`
        update prospect_reveals set contact_id = ${s.mergeId}
        where workspace_id = ${workspaceId} and contact_id is null and prospect_id = any(${sql.param(s.revealIds)}::uuid[])`);
      if (s.keepChannels && s.mergeChannels) {
        await tx.execute(sql`delete from contact_channels where workspace_id = ${workspaceId} and contact_id = ${s.keepId}`);
        await tx.execute(sql`
          insert into contact_channels select r.* from jsonb_populate_recordset(null::contact_channels, ${JSON.stringify([...s.keepChannels, ...s.mergeChannels])}::jsonb) r
          where r.workspace_id = ${workspaceId}
          on conflict do nothing`);
      }
    },
  };
}

export type ContactDuplicatesRepository = ReturnType<typeof createContactDuplicatesRepository>;
