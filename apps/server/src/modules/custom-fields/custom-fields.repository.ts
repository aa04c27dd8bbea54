import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { customFields, type StoredOption } from '../../db/schema/index.js';

export type CustomFieldRow = typeof customFields.$inferSelect;
export type { StoredOption };
export type EntityName = 'contacts' | 'companies';

function listIn(tx: Tx, workspaceId: string, opts: { entity?: EntityName; includeArchived?: boolean }) {
  return tx
    .select()
    .from(customFields)
    .where(
      and(
        eq(customFields.workspaceId, workspaceId),
        opts.entity ? eq(customFields.entity, opts.entity) : undefined,
        opts.includeArchived ? undefined : isNull(customFields.archivedAt),
      ),
    )
    .orderBy(asc(customFields.entity), asc(customFields.position), asc(customFields.createdAt));
}

/**
 * The only file that queries custom_fields, and the one that drops a field's values from the
 * records' `custom_fields` documents when the field (or a select option) goes: both in the
 * same transaction, so no record keeps a value its field no longer describes.
 * Every method runs in the caller's `tx`.
 */
export function createCustomFieldsRepository() {
  return {
    list: (tx: Tx, workspaceId: string, opts: { entity?: EntityName; includeArchived?: boolean }) => listIn(tx, workspaceId, opts),

    /** The field; `lock` takes it for a change (edits and deletes of one field take turns). */
    async find(tx: Tx, workspaceId: string, id: string, opts: { lock?: boolean } = {}) {
      const q = tx
        .select()
        .from(customFields)
        .where(and(eq(customFields.workspaceId, workspaceId), eq(customFields.id, id)))
        .limit(1);
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async keysInUse(tx: Tx, workspaceId: string, entity: EntityName) {
      const rows = await tx
        .select({ key: customFields.key })
        .from(customFields)
        .where(and(eq(customFields.workspaceId, workspaceId), eq(customFields.entity, entity)));
      return new Set(rows.map((r) => r.key));
    },

    /** Inserts at the end of the entity's order; null when the key is taken. */
    async insert(tx: Tx, row: Omit<typeof customFields.$inferInsert, 'position'>) {
      const [inserted] = await tx
        .insert(customFields)
        .values({
          ...row,
          position: sql`(select coalesce(max(position) + 1, 0) from custom_fields
                         where workspace_id = ${row.workspaceId} and entity = ${row.entity})`,
        })
        .onConflictDoNothing()
        .returning();
      return inserted ?? null;
    },

    async update(
      tx: Tx,
      workspaceId: string,
      id: string,
      patch: Partial<{ label: string; options: StoredOption[]; required: boolean; archivedAt: Date | null }>,
    ) {
      const [row] = await tx
        .update(customFields)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(customFields.workspaceId, workspaceId), eq(customFields.id, id)))
        .returning();
      return row ?? null;
    },

    async reorder(tx: Tx, workspaceId: string, ids: string[]) {
      await tx.execute(sql`
        update custom_fields f set position = o.ord - 1, updated_at = now()
        from unnest(${sql.param(ids)}::uuid[]) with ordinality as o(id, ord)
        where f.workspace_id = ${workspaceId} and f.id = o.id`);
    },

    async delete(tx: Tx, workspaceId: string, id: string) {
      const rows = await tx
        .delete(customFields)
        .where(and(eq(customFields.workspaceId, workspaceId), eq(customFields.id, id)))
        .returning({ id: customFields.id });
      return rows.length > 0;
    },

    /** Every record of the entity forgets the field's value. */
    async dropValues(tx: Tx, workspaceId: string, entity: EntityName, key: string) {
      const table = sql.raw(entity);
      await tx.execute(sql`update ${table} set custom_fields = custom_fields - ${key}::text
                           where workspace_id = ${workspaceId} and custom_fields ? ${key}::text`);
    },

    /** Every record holding the option forgets it (a multi-select keeps its other options). */
    async dropOption(tx: Tx, workspaceId: string, entity: EntityName, key: string, optionId: string, multi: boolean) {
      const table = sql.raw(entity);
      if (multi) {
        await tx.execute(sql`
          update ${table} set custom_fields = case
              when jsonb_array_length((custom_fields -> ${key}::text) - ${optionId}::text) = 0 then custom_fields - ${key}::text
              else jsonb_set(custom_fields, array[${key}::text], (custom_fields -> ${key}::text) - ${optionId}::text) end
          where workspace_id = ${workspaceId} and custom_fields @> ${JSON.stringify({ [key]: [optionId] })}::jsonb`);
      } else {
        await tx.execute(sql`
          update ${table} set custom_fields = custom_fields - ${key}::text
          where workspace_id = ${workspaceId} and custom_fields @> ${JSON.stringify({ [key]: optionId })}::jsonb`);
      }
    },
  };
}

export type CustomFieldsRepository = ReturnType<typeof createCustomFieldsRepository>;
