import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SuppressionKind, SuppressionReason } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';
import { members, suppressions, users } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { suppressionEntrySql, type SuppressionMatchRow } from './suppression-match.sql.js';

export type SuppressionRow = {
  id: string;
  kind: SuppressionKind;
  value: string;
  reason: SuppressionReason;
  note: string | null;
  addedById: string | null;
  addedByName: string | null;
  createdAt: Date;
};

export type SuppressionFilter = {
  /** Substring of value or note. */
  q?: string;
  /** Exact values that also count as a hit (an email's own entry, its domains, its hash). */
  matchValues?: string[];
  kind?: SuppressionKind;
  reason?: SuppressionReason;
};

export type NewSuppression = { kind: SuppressionKind; value: string; reason: SuppressionReason; note: string | null };

const columns = {
  id: suppressions.id,
  kind: suppressions.kind,
  value: suppressions.value,
  reason: suppressions.reason,
  note: suppressions.note,
  addedById: suppressions.addedBy,
  addedByName: users.name,
  createdAt: suppressions.createdAt,
};

/** LIKE pattern for a literal substring. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(workspaceId: string, f: SuppressionFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(suppressions.workspaceId, workspaceId)];
  if (f.kind) conds.push(eq(suppressions.kind, f.kind));
  if (f.reason) conds.push(eq(suppressions.reason, f.reason));
  if (f.q) {
    // the stored search column and its trigram index (migration 0304)
    const text = sql`${suppressions.searchText} like ${contains(f.q.toLowerCase())}`;
    conds.push(f.matchValues?.length ? or(text, inArray(suppressions.value, f.matchValues)) : text);
  }
  return and(...conds)!;
}

/**
 * The only file that queries the suppressions table (other modules embed suppression-match.ts).
 * Every method runs in the caller's `tx`.
 */
export function createSuppressionsRepository() {
  const select = (tx: Tx) =>
    tx
      .select(columns)
      .from(suppressions)
      .leftJoin(members, and(eq(members.workspaceId, suppressions.workspaceId), eq(members.id, suppressions.addedBy)))
      .leftJoin(users, eq(users.id, members.userId));

  return {
    /** Newest first, keyset-paged by id (uuid v7 ids follow creation order). */
    list: (tx: Tx, workspaceId: string, f: SuppressionFilter, page: { afterId: string | null; limit: number }) =>
      select(tx)
        .where(and(whereOf(workspaceId, f), page.afterId ? lt(suppressions.id, page.afterId) : undefined))
        .orderBy(desc(suppressions.id))
        .limit(page.limit),

    async count(tx: Tx, workspaceId: string, f: SuppressionFilter) {
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(suppressions).where(whereOf(workspaceId, f));
      return row?.n ?? 0;
    },

    async find(tx: Tx, workspaceId: string, id: string) {
      const [row] = await select(tx)
        .where(and(eq(suppressions.workspaceId, workspaceId), eq(suppressions.id, id)))
        .limit(1);
      return (row as SuppressionRow | undefined) ?? null;
    },

    /** Inserts a batch; the unique index drops what is already there (or repeated in the batch). */
    async insertBatch(tx: Tx, workspaceId: string, memberId: string, rows: NewSuppression[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await tx
        .insert(suppressions)
        .values(rows.map((r) => ({ workspaceId, id: newId(), addedBy: memberId, ...r })))
        .onConflictDoNothing({ target: [suppressions.workspaceId, suppressions.kind, suppressions.value] })
        .returning({ id: suppressions.id });
      return inserted.length;
    },

    /** Deletes the entries of one kind holding exactly `value` (an erasure drops the address's own entry). */
    async removeValue(tx: Tx, workspaceId: string, kind: SuppressionKind, value: string): Promise<number> {
      const rows = await tx
        .delete(suppressions)
        .where(and(eq(suppressions.workspaceId, workspaceId), eq(suppressions.kind, kind), eq(suppressions.value, value)))
        .returning({ id: suppressions.id });
      return rows.length;
    },

    async remove(tx: Tx, workspaceId: string, ids: string[]) {
      const rows = await tx
        .delete(suppressions)
        .where(and(eq(suppressions.workspaceId, workspaceId), inArray(suppressions.id, ids)))
        .returning({ id: suppressions.id });
      return rows.length;
    },

    /**
     * The entry suppressing each email (or null), by THE check of suppression-match.ts.
     * Emails must be canonical (suppression-entry.ts canonicalEmail).
     */
    async matchEmails(tx: Tx, workspaceId: string, emails: string[]) {
      if (emails.length === 0) return [];
      const e = sql.raw('e.email');
      const result = await tx.execute<{ email: string; match: SuppressionMatchRow | null }>(
        sql`select e.email, ${suppressionEntrySql(workspaceId, e)} as match
            from unnest(${sql.param(emails)}::text[]) as e(email)`,
      );
      return result.rows;
    },
  };
}

export type SuppressionsRepository = ReturnType<typeof createSuppressionsRepository>;
