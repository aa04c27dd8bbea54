import type { Activity, ActivityType } from '@leadtrail/contracts';
import { invalidCursor } from '../../lib/errors.js';
import { isTimestampText, UUID_RE } from '../../lib/filters/cursor-values.js';
import { newId } from '../../lib/ids.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
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
    if (v && typeof v.at === 'string' && typeof v.id === 'string' && UUID_RE.test(v.id) && isTimestampText(v.at)) {
      return { at: v.at, id: v.id };
    }
  } catch {
    // fall through
  }
  throw invalidCursor();
}

/** Exports of more rows than this are logged once, without an entry on every record's timeline. */
export const EXPORT_TIMELINE_LIMIT = 10_000;

/**
 * The timeline of contacts and companies. Other modules write to it through `record`
 * (imports: 'imported', prospects: 'revealed', lists: 'added_to_list'/'removed_from_list').
 */
/**
 * A use case's pre-check on a contact or company (its notes, timeline, lists), in the use case's
 * unit of work: a 404 unless the record is in the workspace. Records' fragment
 * (records/record-exists.sql.ts), handed in by the container: no module here reaches records.
 */
export type RecordCheck = (tx: Tx, workspaceId: string, entity: EntityName, id: string) => Promise<void>;

export function createActivityService(deps: { repo: ActivityRepository; uow: UnitOfWork; assertRecordIn: RecordCheck }) {
  const { repo, uow, assertRecordIn } = deps;
  const rowsOf = (entries: ActivityEntry[]) => entries.map((e) => ({ ...e, id: newId(), data: e.data ?? {} }));

  type ExportLog = {
    entity: EntityName;
    memberId: string;
    rowCount: number;
    q: string | null;
    filter: unknown;
    columns: string[];
    includeSuppressed: boolean;
  };

  /** Inside the caller's unit of work: the export log, and "exported" on each record's timeline when `ids` is given. */
  async function logExportIn(tx: Tx, workspaceId: string, e: ExportLog, ids: string[] | null) {
    await repo.logExport(tx, workspaceId, {
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
        tx,
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
  }

  return {
    /** Records entries in a unit of work of their own (a use case with nothing else to commit). */
    async record(workspaceId: string, entries: ActivityEntry[]) {
      if (entries.length === 0) return;
      await uow.tenant({ workspaceId }, (tx) => repo.insertMany(tx, workspaceId, rowsOf(entries)));
    },

    /** The same inside the caller's unit of work (the use case's other writes commit with it). */
    async recordIn(tx: Tx, workspaceId: string, entries: ActivityEntry[]) {
      if (entries.length > 0) await repo.insertMany(tx, workspaceId, rowsOf(entries));
    },

    async timeline(
      workspaceId: string,
      entity: EntityName,
      recordId: string,
      opts: { limit: number; cursor?: string },
    ): Promise<{ data: Activity[]; nextCursor: string | null }> {
      const after = opts.cursor ? decode(opts.cursor) : null;
      const { rows, origin } = await uow.tenant({ workspaceId }, async (tx) => {
        await assertRecordIn(tx, workspaceId, entity, recordId);
        const found = await repo.page(tx, workspaceId, entity, recordId, { limit: opts.limit, after });
        // the record's first entry, on the last page: the import that created it
        const isLast = found.length <= opts.limit;
        return { rows: found, origin: isLast ? await repo.importOrigin(tx, workspaceId, entity, recordId) : null };
      });
      const page = rows.slice(0, opts.limit);
      const last = page[page.length - 1];
      const data: Activity[] = page.map((r) => ({
        id: r.id,
        type: r.type as ActivityType,
        actorId: r.actorId,
        actorName: r.actorName ?? null,
        data: r.data,
        createdAt: r.createdAt.toISOString(),
      }));
      if (origin) {
        data.push({
          id: origin.importId,
          type: 'imported',
          actorId: origin.actorId,
          actorName: origin.actorName,
          data: { importId: origin.importId, fileName: origin.fileName },
          createdAt: origin.createdAt.toISOString(),
        });
      }
      return { data, nextCursor: rows.length > opts.limit && last ? encode(last.cursorAt, last.id) : null };
    },

    /**
     * Logs an export (always) and puts "exported" on the timeline of each exported record
     * when `ids` is given: the caller passes them for exports of up to EXPORT_TIMELINE_LIMIT
     * rows, so a million-row export doesn't write a million timeline entries.
     */
    logExportIn,

    /** A merge keeps the merged record's history on the kept one, inside the merge's unit of work. */
    moveAllIn: (tx: Tx, workspaceId: string, entity: EntityName, fromId: string, toId: string) =>
      repo.moveAll(tx, workspaceId, entity, fromId, toId),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
