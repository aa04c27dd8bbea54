import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import type { RecordSql } from './record-spec.js';

/**
 * What one bulk "edit field" changes (issue 14): a standard column (by its SQL name and type)
 * or a custom field's key. `value` null clears it.
 */
export type BulkField = { kind: 'column'; column: string; sqlType: string } | { kind: 'custom'; key: string };
export type BulkTarget = BulkField & { value: unknown };

export type BulkEditRow = {
  id: string;
  entity: string;
  memberId: string | null;
  field: string;
  /** the value the edit set (jsonb: a custom field's stored value, a column's value) */
  value: unknown;
  affected: number;
  undoneAt: string | null;
};

/** A record's value before an edit: a column's as text, a custom field's as stored. */
export type KeptValue = { recordId: string; previousText: string | null; previousJson: unknown };

/**
 * The SQL of bulk edits and their undo, for either entity by its RecordSql: each is one
 * statement over the selection (set-based, any size), and every record's previous value is
 * kept in bulk_edit_values by the same statement (it sees the rows before the update).
 */
/** The standard columns of an entity's table by field: their column name and SQL type (a bulk edit's target). */
export const columnsOf = (spec: RecordSql) => getTableColumns(spec.table) as Record<string, { name: string; getSQLType: () => string }>;

export function createBulkEditRepository(spec: RecordSql) {
  const { table } = spec;

  const safeKey = (key: string) => {
    if (!/^[a-z][a-z0-9_]*$/.test(key)) throw new Error(`bad custom field key ${key}`);
    return sql.raw(`'${key}'`);
  };
  const safeType = (t: string) => {
    if (!/^[a-z][a-z0-9 ()]*$/.test(t)) throw new Error(`bad column type ${t}`);
    return sql.raw(t);
  };

  return {
    async insertEdit(tx: Tx, workspaceId: string, edit: { id: string; memberId: string; field: string; value: unknown }) {
      await tx.execute(sql`
        insert into bulk_edits (workspace_id, id, entity, member_id, field, value, affected)
        values (${workspaceId}, ${edit.id}, ${spec.entity}, ${edit.memberId}, ${edit.field}, ${JSON.stringify(edit.value)}::jsonb, 0)`);
    },

    async setAffected(tx: Tx, workspaceId: string, id: string, affected: number) {
      await tx.execute(sql`update bulk_edits set affected = ${affected} where workspace_id = ${workspaceId} and id = ${id}`);
    },

    /** The edit, locked (an undo and a second undo take turns); null when not this entity's or not in the workspace. */
    async lockEdit(tx: Tx, workspaceId: string, id: string): Promise<BulkEditRow | null> {
      const res = await tx.execute<BulkEditRow>(sql`
        select id, entity, member_id as "memberId", field, value, affected, undone_at::text as "undoneAt" from bulk_edits
        where workspace_id = ${workspaceId} and id = ${id} and entity = ${spec.entity} for update`);
      return res.rows[0] ?? null;
    },

    /**
     * Sets the target on every record of `selection` (a `select <alias>.id …` subquery) whose
     * value differs, keeping the previous values under the edit. Answers how many changed.
     */
    async apply(tx: Tx, workspaceId: string, editId: string, selection: SQL, target: BulkTarget, by: string) {
      let previous: SQL;
      let differs: SQL;
      let assign: SQL;
      if (target.kind === 'column') {
        const col = sql.raw(`x.${target.column}`);
        const value = sql`${target.value === null ? null : String(target.value)}::${safeType(target.sqlType)}`;
        previous = sql`${col}::text, null::jsonb`;
        differs = sql`${col} is distinct from ${value}`;
        assign = sql`${sql.raw(target.column)} = ${value}`;
      } else {
        const key = safeKey(target.key);
        const json = target.value === null ? null : JSON.stringify(target.value);
        previous = sql`null::text, x.custom_fields -> ${key}`;
        differs = sql`(x.custom_fields -> ${key}) is distinct from ${json}::jsonb`;
        assign =
          json === null
            ? sql`custom_fields = custom_fields - ${key}`
            : sql`custom_fields = custom_fields || jsonb_build_object(${key}, ${json}::jsonb)`;
      }
      const res = await tx.execute<{ n: number }>(sql`
        with target as (${selection}),
        kept as (
          insert into bulk_edit_values (workspace_id, edit_id, record_id, previous_text, previous_json)
          select x.workspace_id, ${editId}::uuid, x.id, ${previous}
          from ${table} x join target t on t.id = x.id
          where x.workspace_id = ${workspaceId} and ${differs}
          returning record_id
        ), changed as (
          update ${table} set ${assign}, updated_by = ${by}::uuid, updated_at = now()
          from kept where ${table}.workspace_id = ${workspaceId} and ${table}.id = kept.record_id
          returning 1
        )
        select count(*)::int as n from changed`);
      return res.rows[0]?.n ?? 0;
    },

    /**
     * Puts back the values kept by an edit: how many records were restored, and how many kept
     * values had no record left (deleted, or merged into another) to put back into.
     */
    async restore(tx: Tx, workspaceId: string, editId: string, target: BulkField, by: string) {
      let assign: SQL;
      if (target.kind === 'column') {
        assign = sql`${sql.raw(target.column)} = v.previous_text::${safeType(target.sqlType)}`;
      } else {
        const key = safeKey(target.key);
        assign = sql`custom_fields = case when v.previous_json is null then ${table}.custom_fields - ${key}
                                          else ${table}.custom_fields || jsonb_build_object(${key}, v.previous_json) end`;
      }
      const res = await tx.execute<{ n: number; kept: number }>(sql`
        with changed as (
          update ${table} set ${assign}, updated_by = ${by}::uuid, updated_at = now()
          from bulk_edit_values v
          where v.workspace_id = ${workspaceId} and v.edit_id = ${editId}::uuid
            and ${table}.workspace_id = ${workspaceId} and ${table}.id = v.record_id
          returning 1
        ), gone as (
          delete from bulk_edit_values where workspace_id = ${workspaceId} and edit_id = ${editId}::uuid returning 1
        ) select (select count(*)::int from changed) as n, (select count(*)::int from gone) as kept`);
      await tx.execute(sql`update bulk_edits set undone_at = now() where workspace_id = ${workspaceId} and id = ${editId}`);
      const { n = 0, kept = 0 } = res.rows[0] ?? {};
      return { restored: n, notRestored: kept - n };
    },

    /**
     * The values an edit kept, for the timeline of a selection of a sensible size: only of
     * records that still exist (a deleted or merged one has no timeline to write to).
     */
    async keptValues(tx: Tx, workspaceId: string, editId: string, limit: number): Promise<KeptValue[]> {
      const res = await tx.execute<KeptValue>(sql`
        select v.record_id as "recordId", v.previous_text as "previousText", v.previous_json as "previousJson"
        from bulk_edit_values v join ${table} x on x.workspace_id = v.workspace_id and x.id = v.record_id
        where v.workspace_id = ${workspaceId} and v.edit_id = ${editId}::uuid limit ${limit}`);
      return res.rows;
    },

    /** Members' names by id (the owner values of a field). */
    async memberNames(tx: Tx, workspaceId: string, ids: string[]) {
      const res = await tx.execute<{ id: string; name: string }>(sql`
        select m.id::text as id, u.name from members m join users u on u.id = m.user_id
        where m.workspace_id = ${workspaceId} and m.id = any(${sql.param(ids)}::uuid[])`);
      return new Map(res.rows.map((r) => [r.id, r.name]));
    },

    /**
     * The values `expr` takes among the records a condition matches, most frequent first
     * (`multi`: expr is a jsonb array, each element counts). Empty values are left out.
     */
    async values(tx: Tx, where: SQL, expr: SQL, opts: { multi: boolean; search?: string; limit: number }) {
      const lateral = opts.multi
        ? sql`jsonb_array_elements_text(case when jsonb_typeof(${expr}) = 'array' then ${expr} else '[]'::jsonb end) as v(v)`
        : sql`(select (${expr})::text as v) v`;
      const search = opts.search ? sql`and lower(v.v) like ${`%${opts.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
      const res = await tx.execute<{ value: string; count: number }>(sql`
        select v.v as value, count(*)::int as count
        from ${spec.from} cross join lateral ${lateral}
        where ${where} and v.v is not null and v.v <> '' ${search}
        group by v.v order by count(*) desc, v.v limit ${opts.limit}`);
      return res.rows;
    },
  };
}

export type BulkEditRepository = ReturnType<typeof createBulkEditRepository>;
