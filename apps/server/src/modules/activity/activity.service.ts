import type { Activity, ActivityType } from '@leadtrail/contracts';
import { invalidField } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { ActivityRepository, EntityName } from './activity.repository.js';

export type ActivityEntry = {
  entity: EntityName;
  recordId: string;
  type: ActivityType;
  /** Member id; null for the system. */
  actorId: string | null;
  data?: Record<string, unknown>;
};

const encode = (at: string, id: string) => Buffer.from(JSON.stringify({ at, id })).toString('base64url');
function decode(cursor: string): { at: string; id: string } {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { at?: unknown; id?: unknown };
    if (typeof v.at === 'string' && typeof v.id === 'string' && /^[0-9a-f-]{36}$/i.test(v.id) && !Number.isNaN(Date.parse(v.at))) {
      return { at: v.at, id: v.id };
    }
  } catch {
    // fall through
  }
  throw invalidField('query.cursor', 'This cursor is not valid; start from the first page');
}

/** Exports of more rows than this are logged once, without an entry on every record's timeline. */
export const EXPORT_TIMELINE_LIMIT = 10_000;

/**
 * The timeline of contacts and companies. Other modules write to it through `record`
 * (imports: 'imported', prospects: 'revealed', lists: 'added_to_list'/'removed_from_list').
 */
export function createActivityService(deps: { repo: ActivityRepository }) {
  const { repo } = deps;
  return {
    async record(workspaceId: string, entries: ActivityEntry[]) {
      await repo.insertMany(
        workspaceId,
        entries.map((e) => ({ ...e, id: newId(), data: e.data ?? {} })),
      );
    },

    async timeline(
      workspaceId: string,
      entity: EntityName,
      recordId: string,
      opts: { limit: number; cursor?: string },
    ): Promise<{ data: Activity[]; nextCursor: string | null }> {
      const rows = await repo.page(workspaceId, entity, recordId, {
        limit: opts.limit,
        after: opts.cursor ? decode(opts.cursor) : null,
      });
      const page = rows.slice(0, opts.limit);
      const last = page[page.length - 1];
      return {
        data: page.map((r) => ({
          id: r.id,
          type: r.type as ActivityType,
          actorId: r.actorId,
          actorName: r.actorName ?? null,
          data: r.data,
          createdAt: r.createdAt.toISOString(),
        })),
        nextCursor: rows.length > opts.limit && last ? encode(last.cursorAt, last.id) : null,
      };
    },

    /**
     * Logs an export (always) and puts "exported" on the timeline of each exported record
     * when `ids` is given: the caller passes them for exports of up to EXPORT_TIMELINE_LIMIT
     * rows, so a million-row export doesn't write a million timeline entries.
     */
    async logExport(
      workspaceId: string,
      e: {
        entity: EntityName;
        memberId: string;
        rowCount: number;
        q: string | null;
        filter: unknown;
        columns: string[];
        includeSuppressed: boolean;
      },
      ids: string[] | null,
    ) {
      await repo.logExport(workspaceId, {
        id: newId(),
        entity: e.entity,
        memberId: e.memberId,
        rowCount: e.rowCount,
        q: e.q,
        filter: e.filter ?? null,
        columns: e.columns,
        includeSuppressed: e.includeSuppressed,
      });
      if (ids?.length) {
        await repo.insertMany(
          workspaceId,
          ids.map((recordId) => ({
            id: newId(),
            entity: e.entity,
            recordId,
            type: 'exported',
            actorId: e.memberId,
            data: { format: 'csv', rows: e.rowCount },
          })),
        );
      }
    },

    moveAll: (workspaceId: string, entity: EntityName, fromId: string, toId: string) =>
      repo.moveAll(workspaceId, entity, fromId, toId),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
