import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ListSort } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';
import { lists } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/filters/compile.js';

export type ListEntity = 'contacts' | 'companies';

export type ListRecord = {
  id: string;
  name: string;
  entity: ListEntity;
  description: string | null;
  ownerId: string | null;
  ownerName: string | null;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
};

export type ListFilter = { q?: string; entity?: ListEntity };

/** A subquery with an `id` column naming records of the workspace (a grid's selection, idSelection). */
export type RecordSelection = SQL;

/** The membership table of an entity, and its record column. */
const members = (entity: ListEntity) =>
  entity === 'contacts'
    ? { table: sql.raw('list_contacts'), column: sql.raw('contact_id') }
    : { table: sql.raw('list_companies'), column: sql.raw('company_id') };

/** Raw queries get timestamps as text: ISO 8601 in UTC, as the API answers them. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SELECT = sql`l.id, l.name, l.entity, l.description, l.owner_id as "ownerId", ou.name as "ownerName",
  (case when l.entity = 'contacts'
     then (select count(*) from list_contacts m where m.workspace_id = l.workspace_id and m.list_id = l.id)
     else (select count(*) from list_companies m where m.workspace_id = l.workspace_id and m.list_id = l.id) end)::int as "memberCount",
  ${iso(sql`l.created_at`)} as "createdAt", ${iso(sql`l.updated_at`)} as "updatedAt"`;

const FROM = sql`lists l
  left join members om on om.workspace_id = l.workspace_id and om.id = l.owner_id
  left join users ou on ou.id = om.user_id`;

const ORDER: Record<ListSort, SQL> = {
  name: sql`lower(l.name) asc, l.id asc`,
  '-name': sql`lower(l.name) desc, l.id desc`,
  createdAt: sql`l.created_at asc, l.id asc`,
  '-createdAt': sql`l.created_at desc, l.id desc`,
  updatedAt: sql`l.updated_at asc, l.id asc`,
  '-updatedAt': sql`l.updated_at desc, l.id desc`,
  memberCount: sql`"memberCount" asc, lower(l.name) asc, l.id asc`,
  '-memberCount': sql`"memberCount" desc, lower(l.name) asc, l.id asc`,
};

function whereOf(workspaceId: string, f: ListFilter): SQL {
  const parts = [sql`l.workspace_id = ${workspaceId}::uuid`];
  if (f.entity) parts.push(sql`l.entity = ${f.entity}`);
  if (f.q) {
    const p = `%${escapeLike(f.q.toLowerCase())}%`;
    parts.push(sql`(lower(l.name) like ${p} or lower(coalesce(l.description, '')) like ${p})`);
  }
  return sql.join(parts, sql` and `);
}

/** Adds at least this large refresh the planner's statistics at once (migration 0305). */
export const ANALYZE_AFTER = 5000;

/**
 * The records of the workspace among `ids`: a selection for addMembers when the caller names
 * records (an import's batch, a reveal) rather than a grid's filter. Ids of other workspaces
 * or of deleted records simply select nothing.
 */
export function idSelection(workspaceId: string, entity: ListEntity, ids: string[]): RecordSelection {
  const table = sql.raw(entity);
  return sql`select r.id from ${table} r where r.workspace_id = ${workspaceId}::uuid and r.id = any(${sql.param(ids)}::uuid[])`;
}

/** The only file that queries lists and their membership tables. Every method runs in the caller's `tx`. */
export function createListsRepository() {
  return {
    async page(tx: Tx, workspaceId: string, f: ListFilter, sort: ListSort, offset: number, limit: number) {
      const res = await tx.execute<ListRecord>(sql`
        select ${SELECT} from ${FROM} where ${whereOf(workspaceId, f)}
        order by ${ORDER[sort]} offset ${offset} limit ${limit}`);
      return res.rows;
    },

    async count(tx: Tx, workspaceId: string, f: ListFilter) {
      const res = await tx.execute<{ n: number }>(sql`select count(*)::int as n from lists l where ${whereOf(workspaceId, f)}`);
      return res.rows[0]?.n ?? 0;
    },

    async find(tx: Tx, workspaceId: string, id: string) {
      const res = await tx.execute<ListRecord>(sql`select ${SELECT} from ${FROM} where l.workspace_id = ${workspaceId}::uuid and l.id = ${id}::uuid`);
      return res.rows[0] ?? null;
    },

    /**
     * The list without its member count (counting 100,000 members costs more than the page it
     * guards); `lock` takes the list row for a change (rename, hand over, delete take turns).
     */
    async findLight(tx: Tx, workspaceId: string, id: string, opts: { lock?: boolean } = {}) {
      const q = tx
        .select({ id: lists.id, name: lists.name, entity: lists.entity, ownerId: lists.ownerId })
        .from(lists)
        .where(and(eq(lists.workspaceId, workspaceId), eq(lists.id, id)))
        .limit(1);
      const [row] = opts.lock ? await q.for('no key update') : await q;
      return row ?? null;
    },

    /** The list with this name (any case), if any. */
    async idByName(tx: Tx, workspaceId: string, name: string, exceptId?: string) {
      const res = await tx.execute<{ id: string }>(sql`
        select id from lists where workspace_id = ${workspaceId}::uuid and lower(name) = lower(${name})
        ${exceptId ? sql`and id <> ${exceptId}::uuid` : sql``} limit 1`);
      return res.rows[0]?.id ?? null;
    },

    async insert(tx: Tx, workspaceId: string, row: { id: string; name: string; entity: ListEntity; description: string | null; ownerId: string; createdBy: string }) {
      await tx.insert(lists).values({ workspaceId, ...row });
    },

    async update(tx: Tx, workspaceId: string, id: string, patch: { name?: string; description?: string | null; ownerId?: string | null }) {
      await tx
        .update(lists)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(lists.workspaceId, workspaceId), eq(lists.id, id)));
    },

    /** Deletes the list and its memberships (the records stay). */
    async delete(tx: Tx, workspaceId: string, id: string) {
      await tx.delete(lists).where(and(eq(lists.workspaceId, workspaceId), eq(lists.id, id)));
    },

    /**
     * Adds the records `selection` yields (a subquery with an `id` column, built by the
     * contacts or companies module, or idSelection) in ONE set-based statement: members
     * already there are left alone and counted. Returns the added ids when there are at most
     * `returnIdsUpTo` of them (for the timeline), or null when the list is gone.
     */
    async addMembers(tx: Tx, workspaceId: string, list: { id: string; entity: ListEntity }, selection: SQL, memberId: string, returnIdsUpTo: number) {
      const m = members(list.entity);
      // One lock on the list row instead of a foreign key per member: adds to the same list take
      // turns (so the anti-join below can't race into a duplicate) and a deletion of the list waits.
      const locked = await tx.execute(sql`select 1 from lists where workspace_id = ${workspaceId}::uuid and id = ${list.id}::uuid for no key update`);
      if (locked.rows.length === 0) return null;
      // an anti-join, not ON CONFLICT: plain inserts are cheaper than speculative ones, and
      // "all already there" becomes one hash anti-join instead of 100,000 index probes
      const res = await tx.execute<{ matched: number; added: number; ids: string[] | null }>(sql`
        with matched as (select s.id from (${selection}) s),
        ins as (
          insert into ${m.table} (workspace_id, list_id, ${m.column}, added_by)
          select ${workspaceId}::uuid, ${list.id}::uuid, matched.id, ${memberId}::uuid from matched
          where not exists (select 1 from ${m.table} x
                            where x.workspace_id = ${workspaceId}::uuid and x.list_id = ${list.id}::uuid and x.${m.column} = matched.id)
          returning ${m.column} as id
        ),
        counted as (select count(*)::int as n from ins)
        select (select count(*)::int from matched) as matched, counted.n as added,
               case when counted.n <= ${returnIdsUpTo} then (select array_agg(id)::text[] from ins) end as ids
        from counted`);
      const row = res.rows[0] ?? { matched: 0, added: 0, ids: null };
      if (row.added > 0) await tx.update(lists).set({ updatedAt: new Date() }).where(and(eq(lists.workspaceId, workspaceId), eq(lists.id, list.id)));
      return { added: row.added, alreadyPresent: row.matched - row.added, ids: row.ids ?? [] };
    },

    /**
     * ANALYZE needs the tables' owner: the caller runs it in an unrestricted unit of work. It
     * reads no rows out and changes none. Without it the list page right after a 100,000-row add
     * is planned as if the list were small (walking it, 100,000 probes: ~1 s) instead of probing
     * it in the grid's order.
     */
    async analyze(tx: Tx, entity: ListEntity) {
      await tx.execute(sql.raw(`analyze ${entity === 'contacts' ? 'list_contacts' : 'list_companies'}`));
    },

    /** On a merge: the merged record's lists take the kept record instead (once each). */
    async moveMemberships(tx: Tx, workspaceId: string, entity: ListEntity, fromId: string, toId: string) {
      const m = members(entity);
      await tx.execute(sql`
        insert into ${m.table} (workspace_id, list_id, ${m.column}, added_by, added_at)
        select f.workspace_id, f.list_id, ${toId}::uuid, f.added_by, f.added_at from ${m.table} f
        where f.workspace_id = ${workspaceId}::uuid and f.${m.column} = ${fromId}::uuid
        on conflict do nothing`);
    },

    /** Removes the members among `selection` (a subquery with an `id` column); the records stay. */
    async removeMembers(tx: Tx, workspaceId: string, list: { id: string; entity: ListEntity }, selection: SQL, returnIdsUpTo: number) {
      const m = members(list.entity);
      const res = await tx.execute<{ removed: number; ids: string[] | null }>(sql`
        with gone as (
          delete from ${m.table} x
          where x.workspace_id = ${workspaceId}::uuid and x.list_id = ${list.id}::uuid
            and x.${m.column} in (select s.id from (${selection}) s)
          returning x.${m.column} as id
        ),
        counted as (select count(*)::int as n from gone)
        select counted.n as removed, case when counted.n <= ${returnIdsUpTo} then (select array_agg(id)::text[] from gone) end as ids
        from counted`);
      const row = res.rows[0] ?? { removed: 0, ids: null };
      if (row.removed > 0) await tx.update(lists).set({ updatedAt: new Date() }).where(and(eq(lists.workspaceId, workspaceId), eq(lists.id, list.id)));
      return { removed: row.removed, ids: row.ids ?? [] };
    },

    /** The lists a record belongs to, most recently added first. */
    async listsOf(tx: Tx, workspaceId: string, entity: ListEntity, recordId: string) {
      const m = members(entity);
      const res = await tx.execute<{ id: string; name: string; addedAt: string }>(sql`
        select l.id, l.name, ${iso(sql`m.added_at`)} as "addedAt"
        from ${m.table} m join lists l on l.workspace_id = m.workspace_id and l.id = m.list_id
        where m.workspace_id = ${workspaceId}::uuid and m.${m.column} = ${recordId}::uuid
        order by m.added_at desc, l.name`);
      return res.rows;
    },
  };
}

export type ListsRepository = ReturnType<typeof createListsRepository>;
