import { getTableColumns, is, sql, SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Tx } from '../../core/unit-of-work.js';
import { renderedOnce } from '../../db/rendered-sql.js';
import { compileFilter } from '../../lib/filters/compile.js';
import { copyCsv } from '../../lib/filters/copy-export.js';
import { keysetPage } from '../../lib/filters/grid-query.js';
import { decodeCursor, keysetSegments, resolveSort } from '../../lib/filters/keyset.js';
import type { ExportColumnSql } from '../custom-fields/custom-field-grid.sql.js';
import type { ValueDef } from '../custom-fields/custom-field-values.js';
import { listMemberScopeSql } from '../lists/list-scope.sql.js';
import type { BaseRecord, CustomWrite, GridSpec, RecordSql, RecordWrite } from './record-spec.js';


/**
 * The only code that reads and writes contact and company rows, for either entity by its
 * RecordSql. Every method takes the caller's transaction and opens none.
 */
export function createRecordsRepository<R extends BaseRecord>(spec: RecordSql) {
  const { table, alias } = spec;
  const a = sql.raw(alias);
  const ID = sql.raw(`${alias}.id`);
  const columns = getTableColumns(table) as unknown as Record<string, { name: string; getSQLType: () => string; default: unknown }>;
  // the row's select list and joins, built into every page and detail statement
  const select = renderedOnce(spec.select);
  const fromRows = renderedOnce(spec.fromRows);
  const scope = (workspaceId: string, where: SQL) => sql`${a}.workspace_id = ${workspaceId} and ${where}`;

  /** The condition, and the joins it needs (a count leaves the others out: index-only scans). */
  function whereJoins(workspaceId: string, defs: ValueDef[], g: GridSpec) {
    const compiled = compileFilter(g.filter, spec.registry(defs), g.filterPath);
    const parts: SQL[] = [compiled.where];
    const search = spec.search(workspaceId, g.q);
    if (search) parts.push(search);
    if (g.ids) parts.push(sql`${ID} = any(${sql.param(g.ids)}::uuid[])`);
    const extra = spec.extraWhere?.(workspaceId, g);
    if (extra) parts.push(extra);
    if (g.listId) parts.push(listMemberScopeSql(spec.entity, g.listId, { workspaceId: sql.raw(`${alias}.workspace_id`), id: ID }));
    // anything but the workspace: the planner's estimate of the matches decides the page's plan
    const narrowed = !!g.filter || parts.length > 1;
    return { where: scope(workspaceId, sql.join(parts, sql` and `)), joins: compiled.joins, narrowed };
  }
  const where = (workspaceId: string, defs: ValueDef[], g: GridSpec) => whereJoins(workspaceId, defs, g).where;

  const findBy = async (tx: Tx, workspaceId: string, cond: SQL) => {
    const res = await tx.execute<R>(sql`select ${select} from ${fromRows} where ${scope(workspaceId, cond)} limit 1`);
    return (res.rows[0] as R | undefined) ?? null;
  };

  return {
    async page(tx: Tx, workspaceId: string, defs: ValueDef[], g: GridSpec, q: { sort?: string; cursor?: string; limit: number }) {
      const sort = resolveSort(q.sort, spec.registry(defs), spec.defaultSort);
      const cursor = q.cursor ? decodeCursor(q.cursor, sort.key) : null;
      const w = whereJoins(workspaceId, defs, g);
      // issue 28: a narrowed page reads in bounded stages, whatever the planner expects of its filter
      const bounded = w.narrowed
        ? { table: sql`${table}`, alias: a, scope: sql`${a}.workspace_id = ${workspaceId}`, keysFrom: spec.from, fromOver: spec.fromRowsOver }
        : null;
      return keysetPage<R>(tx, { select, from: fromRows, where: w.where, idExpr: ID, sort, cursor, limit: q.limit, bounded });
    },

    async count(tx: Tx, workspaceId: string, defs: ValueDef[], g: GridSpec) {
      const { where: w, joins } = whereJoins(workspaceId, defs, g);
      const res = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${spec.countFrom(joins)} where ${w}`);
      return res.rows[0]?.n ?? 0;
    },

    find: (tx: Tx, workspaceId: string, id: string) => findBy(tx, workspaceId, sql`${ID} = ${id}::uuid`),

    /**
     * Locks the records a use case changes, in one fixed order (by id), so that two use cases
     * over the same records (opposite merges) take turns instead of deadlocking or both
     * winning. Answers the ids that still exist.
     */
    async lock(tx: Tx, workspaceId: string, ids: string[]) {
      const res = await tx.execute<{ id: string }>(
        sql`select id from ${table} where workspace_id = ${workspaceId} and id = any(${sql.param(ids)}::uuid[]) order by id for update`,
      );
      return new Set(res.rows.map((r) => r.id));
    },

    /** The record holding an identity (normalised email, domain), other than `exceptId`. */
    async idByIdentity(tx: Tx, workspaceId: string, value: string, exceptId?: string) {
      const res = await tx.execute<{ id: string }>(sql`
        select id from ${table} where workspace_id = ${workspaceId} and ${sql.raw(spec.identityColumn)} = ${value}
        ${exceptId ? sql`and id <> ${exceptId}::uuid` : sql``} limit 1`);
      return res.rows[0]?.id ?? null;
    },

    async insert(tx: Tx, workspaceId: string, id: string, row: RecordWrite, customFields: Record<string, unknown>) {
      await tx.insert(table).values({ ...row, workspaceId, id, customFields } as never);
    },

    /** Inserts unless the identity is taken (then null): concurrent callers wait for each other. */
    async insertIfAbsent(tx: Tx, workspaceId: string, id: string, row: RecordWrite, customFields: Record<string, unknown>) {
      const res = await tx
        .insert(table)
        .values({ ...row, workspaceId, id, customFields } as never)
        // the id is new: the identity is the only key that can conflict
        .onConflictDoNothing()
        .returning({ id: table.id });
      return res[0]?.id ?? null;
    },

    /**
     * Many records in one INSERT … SELECT over a JSON recordset; a row whose identity (email,
     * domain) is taken is left out. Answers the inserted rows and, in the same statement, the
     * records already holding the other rows' identities (as of the statement's start: a
     * holder committed by another unit of work meanwhile is in neither list; ask
     * idsByIdentities). Rows go in identity order (concurrent callers lock in one order). A
     * column a row leaves out gets its default when that is a constant, else null.
     */
    async insertManyIfAbsent(
      tx: Tx,
      workspaceId: string,
      rows: { id: string; write: RecordWrite; customFields: Record<string, unknown> }[],
    ): Promise<{ inserted: { id: string; identity: string | null }[]; existing: { id: string; identity: string }[] }> {
      if (!rows.length) return { inserted: [], existing: [] };
      const keys = [...new Set(rows.flatMap((r) => Object.keys(r.write)))].filter((k) => k !== 'id' && k !== 'customFields' && k !== 'workspaceId');
      const cols = [...keys, 'id', 'customFields'].map((key) => {
        const c = columns[key];
        if (!c) throw new Error(`${spec.entity} has no column ${key}`);
        const fallback = c.default !== undefined && !is(c.default, SQL) ? c.default : null;
        return { key, name: c.name, type: c.getSQLType(), fallback };
      });
      const json = rows.map((r) => {
        const all: Record<string, unknown> = { ...r.write, id: r.id, customFields: r.customFields };
        const o: Record<string, unknown> = {};
        for (const c of cols) {
          const v = all[c.key];
          o[c.name] = v === undefined ? c.fallback : v instanceof Date ? v.toISOString() : v;
        }
        return o;
      });
      const names = sql.raw(cols.map((c) => c.name).join(', '));
      const typed = sql.raw(cols.map((c) => `${c.name} ${c.type}`).join(', '));
      const idCol = sql.raw(spec.identityColumn);
      const res = await tx.execute<{ id: string; identity: string | null; created: boolean }>(sql`
        with x as (select * from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x (${typed})),
        ins as (
          insert into ${table} (workspace_id, ${names})
          select ${workspaceId}::uuid, ${names} from x order by ${idCol}
          on conflict do nothing
          returning id, ${idCol} as identity)
        select id, identity, true as created from ins
        union all
        select t.id, t.${idCol} as identity, false as created from ${table} t
        where t.workspace_id = ${workspaceId} and t.${idCol} in (select x.${idCol} from x where x.${idCol} is not null)`);
      const inserted: { id: string; identity: string | null }[] = [];
      const existing: { id: string; identity: string }[] = [];
      for (const r of res.rows) {
        if (r.created) inserted.push({ id: r.id, identity: r.identity });
        else existing.push({ id: r.id, identity: r.identity! });
      }
      return { inserted, existing };
    },

    /** The records holding these identities (normalised emails, domains): identity → id. */
    async idsByIdentities(tx: Tx, workspaceId: string, values: string[]): Promise<Map<string, string>> {
      if (!values.length) return new Map();
      const res = await tx.execute<{ id: string; identity: string }>(sql`
        select id, ${sql.raw(spec.identityColumn)} as identity from ${table}
        where workspace_id = ${workspaceId} and ${sql.raw(spec.identityColumn)} = any(${sql.param(values)}::text[])`);
      return new Map(res.rows.map((r) => [r.identity, r.id]));
    },

    /** Records by id as read out (the API's rows), in no particular order. */
    async findMany(tx: Tx, workspaceId: string, ids: string[]): Promise<R[]> {
      if (!ids.length) return [];
      const res = await tx.execute<R>(sql`select ${select} from ${fromRows} where ${scope(workspaceId, sql`${ID} = any(${sql.param(ids)}::uuid[])`)}`);
      return res.rows as R[];
    },

    async update(tx: Tx, workspaceId: string, id: string, patch: RecordWrite, custom: CustomWrite) {
      await tx
        .update(table)
        .set({
          ...patch,
          customFields: sql`(${table.customFields} || ${JSON.stringify(custom.set)}::jsonb) - ${sql.param(custom.unset)}::text[]`,
          updatedAt: new Date(),
        } as never)
        .where(sql`${table.workspaceId} = ${workspaceId} and ${table.id} = ${id}::uuid`);
    },

    async delete(tx: Tx, workspaceId: string, id: string) {
      await tx.execute(sql`delete from ${table} where workspace_id = ${workspaceId} and id = ${id}::uuid`);
    },

    /** How many matching records `memberId` doesn't own (neither owner nor creator). */
    async notOwnedCount(tx: Tx, workspaceId: string, defs: ValueDef[], g: GridSpec, memberId: string) {
      const res = await tx.execute<{ n: number }>(sql`
        select count(*)::int as n from ${spec.from} where ${where(workspaceId, defs, g)}
          and ${a}.owner_id is distinct from ${memberId}::uuid and ${a}.created_by is distinct from ${memberId}::uuid`);
      return res.rows[0]?.n ?? 0;
    },

    /** Bulk owner change; answers the changed ids with their previous owner's name (for the timeline). */
    async assignOwner(tx: Tx, workspaceId: string, defs: ValueDef[], g: GridSpec, ownerId: string | null, by: string) {
      const res = await tx.execute<{ id: string; fromName: string | null }>(sql`
        with target as (
          select ${ID} as id, ou.name as from_name from ${spec.from}
          where ${where(workspaceId, defs, g)} and ${a}.owner_id is distinct from ${ownerId}::uuid
        ), changed as (
          update ${table} x set owner_id = ${ownerId}::uuid, updated_by = ${by}::uuid, updated_at = now()
          from target where x.workspace_id = ${workspaceId} and x.id = target.id
          returning x.id
        )
        select target.id, target.from_name as "fromName" from target join changed using (id)`);
      return res.rows;
    },

    /** Bulk delete; `onlyOf` limits it to that member's own records (the others count as skipped). */
    async deleteWhere(tx: Tx, workspaceId: string, defs: ValueDef[], g: GridSpec, onlyOf: string | null) {
      const w = where(workspaceId, defs, g);
      const matched = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${spec.from} where ${w}`);
      const own = onlyOf ? sql`and (${a}.owner_id = ${onlyOf}::uuid or ${a}.created_by = ${onlyOf}::uuid)` : sql``;
      const res = await tx.execute<{ n: number; ids: string[] }>(sql`
        with gone as (
          delete from ${table} x using (select ${ID} as id from ${spec.from} where ${w} ${own}) t
          where x.workspace_id = ${workspaceId} and x.id = t.id returning x.id
        ) select count(*)::int as n, coalesce(array_agg(id), '{}')::text[] as ids from gone`);
      const affected = res.rows[0]?.n ?? 0;
      // the ids: webhooks send one `deleted` event per record
      return { affected, skipped: (matched.rows[0]?.n ?? 0) - affected, ids: res.rows[0]?.ids ?? [] };
    },

    /**
     * Validates the query first (errors before any byte is sent); the returned function streams
     * the chosen columns as CSV produced by PostgreSQL (COPY) on the caller's client, in the grid's order.
     */
    prepareExport(workspaceId: string, defs: ValueDef[], g: GridSpec, sortParam: string | undefined, columns: ExportColumnSql[]) {
      const sort = resolveSort(sortParam, spec.registry(defs), spec.defaultSort);
      const w = where(workspaceId, defs, g);
      const orderBy = keysetSegments(sort, null, ID)[0]!.orderBy;
      const select = sql.join(
        columns.map((c) => c.expr),
        sql`, `,
      );
      const query = sql`select ${select} from ${fromRows} where ${w} order by ${orderBy}`;
      return (client: pg.PoolClient, onChunk: (chunk: Buffer) => Promise<void> | void) => copyCsv(client, query, onChunk);
    },

    /** The next `limit` ids matching, in id order after `afterId`: a bulk job's next batch. */
    async batchIds(tx: Tx, workspaceId: string, defs: ValueDef[], g: GridSpec, afterId: string | null, limit: number) {
      const after = afterId ? sql`and ${ID} > ${afterId}::uuid` : sql``;
      const res = await tx.execute<{ id: string }>(
        sql`select ${ID} as id from ${spec.from} where ${where(workspaceId, defs, g)} ${after} order by ${ID} limit ${sql.raw(String(limit))}`,
      );
      return res.rows.map((r) => r.id);
    },

    /** The ids an export covered, for the timeline of small exports. */
    async exportIds(tx: Tx, workspaceId: string, defs: ValueDef[], g: GridSpec, limit: number) {
      const res = await tx.execute<{ id: string }>(sql`select ${ID} as id from ${spec.from} where ${where(workspaceId, defs, g)} limit ${sql.raw(String(limit))}`);
      return res.rows.map((r) => r.id);
    },

    /**
     * The ids a selection names, as a subquery (`select <alias>.id …`) for another module's
     * set-based statement (issue 5: adding a filter's matches to a list in one INSERT … SELECT).
     */
    selectionSql: (workspaceId: string, defs: ValueDef[], g: GridSpec): SQL => sql`select ${ID} from ${spec.from} where ${where(workspaceId, defs, g)}`,

    /** The condition of a grid spec over `from` (the values of a field among the matches). */
    whereSql: (workspaceId: string, defs: ValueDef[], g: GridSpec): SQL => where(workspaceId, defs, g),
  };
}

export type RecordsRepository<R extends BaseRecord = BaseRecord> = ReturnType<typeof createRecordsRepository<R>>;
