import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { customFields, type StoredOption } from '../../db/schema/index.js';

export type CustomFieldRow = typeof customFields.$inferSelect;
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

/** The only file that queries custom_fields. */
export function createCustomFieldsRepository(db: Db) {
  return {
    list: (workspaceId: string, opts: { entity?: EntityName; includeArchived?: boolean }) =>
      db.tenant(workspaceId, (tx) => listIn(tx, workspaceId, opts)),

    /** In the caller's transaction: a grid query loads the definitions without a round trip of its own. */
    listIn: (tx: Tx, workspaceId: string, opts: { entity?: EntityName; includeArchived?: boolean }) => listIn(tx, workspaceId, opts),

    find: (workspaceId: string, id: string) =>
      db.tenant(workspaceId, async (tx) => {
        const [row] = await tx
          .select()
          .from(customFields)
          .where(and(eq(customFields.workspaceId, workspaceId), eq(customFields.id, id)))
          .limit(1);
        return row ?? null;
      }),

    keysInUse: (workspaceId: string, entity: EntityName) =>
      db.tenant(workspaceId, async (tx) => {
        const rows = await tx
          .select({ key: customFields.key })
          .from(customFields)
          .where(and(eq(customFields.workspaceId, workspaceId), eq(customFields.entity, entity)));
        return new Set(rows.map((r) => r.key));
      }),

    /** Inserts at the end of the entity's order; null when the key is taken. */
    insert: (row: Omit<typeof customFields.$inferInsert, 'position'>) =>
      db.tenant(row.workspaceId, async (tx) => {
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
      }),

    update: (
      workspaceId: string,
      id: string,
      patch: Partial<{ label: string; options: StoredOption[]; required: boolean; archivedAt: Date | null }>,
    ) =>
      db.tenant(workspaceId, async (tx) => {
        const [row] = await tx
          .update(customFields)
          .set({ ...patch, updatedAt: new Date() })
          .where(and(eq(customFields.workspaceId, workspaceId), eq(customFields.id, id)))
          .returning();
        return row ?? null;
      }),

    reorder: (workspaceId: string, ids: string[]) =>
      db.tenant(workspaceId, async (tx) => {
        await tx.execute(sql`
          update custom_fields f set position = o.ord - 1, updated_at = now()
          from unnest(${sql.param(ids)}::uuid[]) with ordinality as o(id, ord)
          where f.workspace_id = ${workspaceId} and f.id = o.id`);
      }),

    delete: (workspaceId: string, id: string) =>
      db.tenant(workspaceId, async (tx) => {
        const rows = await tx
          .delete(customFields)
          .where(and(eq(customFields.workspaceId, workspaceId), eq(customFields.id, id)))
          .returning({ id: customFields.id });
        return rows.length > 0;
      }),
  };
}

export type CustomFieldsRepository = ReturnType<typeof createCustomFieldsRepository>;
