import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { activities, members, recordExports, users } from '../../db/schema/index.js';

export type EntityName = 'contacts' | 'companies';
export type NewActivity = {
  entity: EntityName;
  recordId: string;
  type: string;
  actorId: string | null;
  data: Record<string, unknown>;
  id: string;
};

const recordColumn = (entity: EntityName) => (entity === 'contacts' ? activities.contactId : activities.companyId);

/** The only file that queries activities (with the actor's name from members/users). Every method runs in the caller's `tx`. */
export function createActivityRepository() {
  return {
    async insertMany(tx: Tx, workspaceId: string, rows: NewActivity[]) {
      // batches keep each INSERT under PostgreSQL's bind-parameter limit
      for (let i = 0; i < rows.length; i += 1000) {
        await tx.insert(activities).values(
          rows.slice(i, i + 1000).map((r) => ({
            workspaceId,
            id: r.id,
            contactId: r.entity === 'contacts' ? r.recordId : null,
            companyId: r.entity === 'companies' ? r.recordId : null,
            type: r.type,
            actorId: r.actorId,
            data: r.data,
          })),
        );
      }
    },

    /** Newest first, keyset by (created_at, id). */
    page: (
      tx: Tx,
      workspaceId: string,
      entity: EntityName,
      recordId: string,
      opts: { limit: number; after: { at: string; id: string } | null },
    ) =>
      tx
        .select({
          id: activities.id,
          type: activities.type,
          actorId: activities.actorId,
          actorName: users.name,
          data: activities.data,
          createdAt: activities.createdAt,
          cursorAt: sql<string>`${activities.createdAt}::text`,
        })
        .from(activities)
        .leftJoin(members, and(eq(members.workspaceId, activities.workspaceId), eq(members.id, activities.actorId)))
        .leftJoin(users, eq(users.id, members.userId))
        .where(
          and(
            eq(activities.workspaceId, workspaceId),
            eq(recordColumn(entity), recordId),
            opts.after
              ? sql`(${activities.createdAt}, ${activities.id}) < (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(activities.createdAt), desc(activities.id))
        .limit(opts.limit + 1),

    /**
     * The import that created the record, if one did (the record's import_id): its file and who
     * ran it, for the "imported" entry that starts the record's timeline. Imports write no
     * timeline row per record (a million-row file would write a million), so it is read here.
     */
    async importOrigin(
      tx: Tx,
      workspaceId: string,
      entity: EntityName,
      recordId: string,
    ): Promise<{ importId: string; fileName: string; createdAt: Date; actorId: string | null; actorName: string | null } | null> {
      const table = sql.raw(entity === 'contacts' ? 'contacts' : 'companies');
      const res = await tx.execute<{ importId: string; fileName: string; createdAt: string; actorId: string | null; actorName: string | null }>(sql`
        select i.id as "importId", i.file_name as "fileName", x.created_at::text as "createdAt",
          i.created_by_member as "actorId", u.name as "actorName"
        from ${table} x
        join imports i on i.workspace_id = x.workspace_id and i.id = x.import_id
        left join members m on m.workspace_id = i.workspace_id and m.id = i.created_by_member
        left join users u on u.id = m.user_id
        where x.workspace_id = ${workspaceId} and x.id = ${recordId}`);
      const row = res.rows[0];
      return row ? { ...row, createdAt: new Date(row.createdAt) } : null;
    },

    async logExport(tx: Tx, workspaceId: string, row: Omit<typeof recordExports.$inferInsert, 'workspaceId'>) {
      await tx.insert(recordExports).values({ ...row, workspaceId });
    },

    /** A merge keeps the merged record's history on the kept one. */
    async moveAll(tx: Tx, workspaceId: string, entity: EntityName, fromId: string, toId: string) {
      await tx
        .update(activities)
        .set(entity === 'contacts' ? { contactId: toId } : { companyId: toId })
        .where(and(eq(activities.workspaceId, workspaceId), eq(recordColumn(entity), fromId)));
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
