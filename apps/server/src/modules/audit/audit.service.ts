import {
  AUDIT_RETENTION_DAYS,
  type AuditAction,
  type AuditActorType,
  type AuditEntry,
  type AuditLogFilter,
  type AuditLogPage,
} from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { invalidField } from '../../lib/errors.js';
import { csvRows } from '../../lib/filters/csv.js';
import { UUID_RE } from '../../lib/filters/cursor-values.js';
import { newId } from '../../lib/ids.js';
import type { AuditRepository, AuditRow, AuditRowFilter, AuditRowInsert } from './audit.repository.js';

/** What happened: the action, what it concerned, and a small JSON of details (no secrets, no personal data beyond labels). */
export type AuditEvent = {
  action: AuditAction;
  target?: { type: string; id?: string | null; label?: string | null };
  details?: Record<string, unknown>;
};

/** Who did it, when there is no request context (a failed sign-in, a webhook, a job). */
export type AuditActor = {
  type: AuditActorType;
  memberId?: string | null;
  userId?: string | null;
  apiKeyId?: string | null;
  /** null: the user's or key's name is read when the row is written */
  label?: string | null;
};

export type AuditAdminEvent = AuditEvent & {
  workspaceId: string;
  actor: AuditActor;
  ip?: string | null;
  userAgent?: string | null;
};

export const AUDIT_CSV_HEADER = ['Time (UTC)', 'Actor', 'Actor type', 'Action', 'Target type', 'Target', 'Target id', 'IP', 'User agent', 'Details'];

const DAY_MS = 86_400_000;
const USER_AGENT_MAX = 1000;
const LABEL_MAX = 500;

const clip = (s: string | null | undefined, max: number) => (s == null ? null : s.length > max ? s.slice(0, max) : s);

/** yyyy-mm-dd is the UTC day; `end` makes it inclusive (the next day's start). */
function boundOf(v: string | undefined, end: boolean): Date | undefined {
  if (!v) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(v);
  const d = new Date(day ? `${v}T00:00:00.000Z` : v);
  if (day && end) return new Date(d.getTime() + DAY_MS);
  // an ISO time as the end is inclusive to the millisecond
  return end ? new Date(d.getTime() + 1) : d;
}

function rowFilter(q: AuditLogFilter): AuditRowFilter {
  const from = boundOf(q.from, false);
  const to = boundOf(q.to, true);
  if (from && to && from >= to) throw invalidField('to', 'The end date must be after the start date');
  return { memberId: q.memberId, action: q.action, from, to };
}

export function toAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    action: r.action,
    actor: { type: r.actorType, memberId: r.actorMemberId, apiKeyId: r.actorApiKeyId, label: r.actorLabel },
    ip: r.ip,
    userAgent: r.userAgent,
    target: r.targetType ? { type: r.targetType, id: r.targetId, label: r.targetLabel } : null,
    details: r.details,
  };
}

/**
 * The audit log (issue 15). Other modules record their events with `recordIn` inside the
 * unit of work of the action itself, so an action that rolls back leaves no row and a row
 * never exists for an action that did not happen. Rows are never changed; a daily job
 * prunes those older than 365 days.
 */
export function createAuditService(deps: { uow: UnitOfWork; repo: AuditRepository; now?: () => Date }) {
  const { uow, repo } = deps;
  const now = deps.now ?? (() => new Date());

  function rowOf(workspaceId: string, actor: AuditActor, where: { ip?: string | null; userAgent?: string | null }, e: AuditEvent): AuditRowInsert {
    return {
      workspaceId,
      id: newId(),
      action: e.action,
      actorType: actor.type,
      actorMemberId: actor.memberId ?? null,
      actorUserId: actor.userId ?? null,
      actorApiKeyId: actor.apiKeyId ?? null,
      actorLabel: clip(actor.label ?? null, LABEL_MAX),
      ip: clip(where.ip ?? null, 100),
      userAgent: clip(where.userAgent ?? null, USER_AGENT_MAX),
      targetType: e.target?.type ?? null,
      targetId: e.target?.id ?? null,
      targetLabel: clip(e.target?.label ?? null, LABEL_MAX),
      details: e.details ?? {},
    };
  }

  /** The actor of a request: the API key behind it, else the member (a job acts for its member). */
  const actorOf = (ctx: RequestContext): AuditActor =>
    ctx.via === 'api-key' && ctx.apiKeyId
      ? { type: 'api_key', memberId: ctx.memberId, userId: ctx.userId, apiKeyId: ctx.apiKeyId }
      : { type: 'member', memberId: ctx.memberId, userId: ctx.userId };

  return {
    /** Records an event of the caller's workspace in the caller's transaction (the action's own). */
    async recordIn(tx: Tx, ctx: RequestContext, event: AuditEvent): Promise<void> {
      await repo.insert(tx, rowOf(ctx.workspaceId, actorOf(ctx), ctx, event));
    },

    /**
     * The same from a transaction that is not scoped to the caller's workspace (a use case on
     * global tables: the account's sessions, API keys, second factor).
     */
    async recordForIn(tx: Tx, ctx: RequestContext, event: AuditEvent): Promise<void> {
      await repo.insertScoped(tx, rowOf(ctx.workspaceId, actorOf(ctx), ctx, event));
    },

    /**
     * Records an event without a request context, in the caller's transaction, for the
     * workspace named (which may differ from the transaction's scope: a failed sign-in
     * is recorded in each workspace of the user, from a transaction with no workspace).
     */
    async recordAdminIn(tx: Tx, event: AuditAdminEvent): Promise<void> {
      await repo.insertScoped(tx, rowOf(event.workspaceId, event.actor, event, event));
    },

    /** GET /api/v1/audit-log: newest first, cursor = the last row's id. */
    async list(ctx: RequestContext, q: AuditLogFilter & { limit: number; cursor?: string }): Promise<AuditLogPage> {
      if (q.cursor && !UUID_RE.test(q.cursor)) throw invalidField('cursor', 'This cursor is not valid; start from the first page');
      const f = rowFilter(q);
      const rows = await uow.tenant(ctx, (tx) => repo.page(tx, ctx.workspaceId, f, q.limit + 1, q.cursor ?? null));
      const page = rows.slice(0, q.limit);
      return { data: page.map(toAuditEntry), nextCursor: rows.length > q.limit ? page[page.length - 1]!.id : null };
    },

    /**
     * The log as CSV (the same filters), in chunks of 2,000 rows from one transaction. The
     * export is itself recorded first, in its own committed unit of work (a client that goes
     * away half-way still leaves it), with the rows that matched.
     */
    async exportCsv(ctx: RequestContext, q: AuditLogFilter, write: (chunk: string) => Promise<void> | void): Promise<void> {
      const f = rowFilter(q);
      await uow.tenant(ctx, async (tx) => {
        const rows = await repo.count(tx, ctx.workspaceId, f);
        await repo.insert(tx, rowOf(ctx.workspaceId, actorOf(ctx), ctx, {
          action: 'export.downloaded',
          target: { type: 'audit_log' },
          details: { entity: 'audit_log', rows, filtered: !!(q.memberId || q.action || q.from || q.to) },
        }));
      });
      await uow.tenant(
        ctx,
        async (tx) => {
          let before: string | null = null;
          for (;;) {
            const rows = await repo.page(tx, ctx.workspaceId, f, 2000, before);
            if (!rows.length) return;
            await write(
              csvRows(
                rows.map((r) => [
                  r.createdAt.toISOString(), r.actorLabel, r.actorType, r.action, r.targetType, r.targetLabel, r.targetId,
                  r.ip, r.userAgent, JSON.stringify(r.details),
                ]),
              ),
            );
            if (rows.length < 2000) return;
            before = rows[rows.length - 1]!.id;
          }
        },
        { statementTimeoutMs: 0 },
      );
    },

    /** Retention: deletes rows older than 365 days (as the owner role: the app role may not delete). */
    async prune(at: Date = now()): Promise<number> {
      const before = new Date(at.getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
      return uow.admin((tx) => repo.prune(tx, before), { restricted: false, statementTimeoutMs: 0 });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
