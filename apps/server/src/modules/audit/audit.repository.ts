import { sql, type SQL } from 'drizzle-orm';
import type { AuditActorType } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';

export type AuditRowInsert = {
  workspaceId: string;
  id: string;
  action: string;
  actorType: AuditActorType;
  actorMemberId: string | null;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  /** null: the user's name (member) or the key's name (API key), read in the insert */
  actorLabel: string | null;
  ip: string | null;
  userAgent: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  details: Record<string, unknown>;
};

export type AuditRow = AuditRowInsert & { createdAt: Date };

/** Filters of the screen and the CSV; `from` inclusive, `to` exclusive. */
export type AuditRowFilter = { memberId?: string; action?: string; from?: Date; to?: Date };

type DbRow = {
  workspace_id: string;
  id: string;
  created_at: Date | string;
  action: string;
  actor_type: AuditActorType;
  actor_member_id: string | null;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  actor_label: string | null;
  ip: string | null;
  user_agent: string | null;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  details: Record<string, unknown> | null;
};

const toRow = (r: DbRow): AuditRow => ({
  workspaceId: r.workspace_id,
  id: r.id,
  createdAt: new Date(r.created_at),
  action: r.action,
  actorType: r.actor_type,
  actorMemberId: r.actor_member_id,
  actorUserId: r.actor_user_id,
  actorApiKeyId: r.actor_api_key_id,
  actorLabel: r.actor_label,
  ip: r.ip,
  userAgent: r.user_agent,
  targetType: r.target_type,
  targetId: r.target_id,
  targetLabel: r.target_label,
  details: r.details ?? {},
});

/** The only file that queries audit_log. Every method runs in the caller's `tx`; rows are only ever inserted. */
export function createAuditRepository() {
  const where = (workspaceId: string, f: AuditRowFilter, before: string | null): SQL => {
    const parts: SQL[] = [sql`workspace_id = ${workspaceId}`];
    if (f.memberId) parts.push(sql`actor_member_id = ${f.memberId}`);
    if (f.action) parts.push(sql`action = ${f.action}`);
    if (f.from) parts.push(sql`created_at >= ${f.from.toISOString()}`);
    if (f.to) parts.push(sql`created_at < ${f.to.toISOString()}`);
    if (before) parts.push(sql`id < ${before}`);
    return sql.join(parts, sql` and `);
  };

  return {
    async insert(tx: Tx, r: AuditRowInsert): Promise<void> {
      const label =
        r.actorLabel !== null
          ? sql`${r.actorLabel}`
          : r.actorApiKeyId
            ? sql`(select k.name from api_keys k where k.id = ${r.actorApiKeyId})`
            : r.actorUserId
              ? sql`(select coalesce(nullif(u.name, ''), u.email) from users u where u.id = ${r.actorUserId})`
              : sql`null`;
      await tx.execute(sql`
        insert into audit_log (workspace_id, id, action, actor_type, actor_member_id, actor_user_id, actor_api_key_id,
          actor_label, ip, user_agent, target_type, target_id, target_label, details)
        values (${r.workspaceId}, ${r.id}, ${r.action}, ${r.actorType}, ${r.actorMemberId}, ${r.actorUserId}, ${r.actorApiKeyId},
          ${label}, ${r.ip}, ${r.userAgent}, ${r.targetType}, ${r.targetId}, ${r.targetLabel}, ${JSON.stringify(r.details)}::jsonb)`);
    },

    /**
     * An insert for another workspace than the transaction's (a failed sign-in, before any
     * workspace is chosen): the row-level security scope is set for the insert and put back.
     */
    async insertScoped(tx: Tx, r: AuditRowInsert): Promise<void> {
      const res = await tx.execute<{ prev: string | null }>(
        sql`select current_setting('app.workspace_id', true) as prev, set_config('app.workspace_id', ${r.workspaceId}, true)`,
      );
      const prev = res.rows[0]?.prev ?? '';
      try {
        await this.insert(tx, r);
      } finally {
        await tx.execute(sql`select set_config('app.workspace_id', ${prev}, true)`);
      }
    },

    /** Newest first, `limit` rows older than the cursor id. */
    async page(tx: Tx, workspaceId: string, f: AuditRowFilter, limit: number, before: string | null): Promise<AuditRow[]> {
      const res = await tx.execute<DbRow>(
        sql`select * from audit_log where ${where(workspaceId, f, before)} order by id desc limit ${limit}`,
      );
      return res.rows.map(toRow);
    },

    async count(tx: Tx, workspaceId: string, f: AuditRowFilter): Promise<number> {
      const res = await tx.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where ${where(workspaceId, f, null)}`);
      return res.rows[0]?.n ?? 0;
    },

    /** Retention: deletes rows created before `before` (owner role only: prune_audit_log). */
    async prune(tx: Tx, before: Date): Promise<number> {
      const res = await tx.execute<{ n: number }>(sql`select prune_audit_log(${before.toISOString()}) as n`);
      return Number(res.rows[0]?.n ?? 0);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
