import type pg from 'pg';
import { stagedKeySql, stagedNameSql } from './import-staging.sql.js';
import { IMPORT_MAX_ROWS, importStatusLabels } from '@leadtrail/contracts';
import { jobContext, type RequestContext } from '../../core/request-context.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import type { ImportRow } from '../../db/schema/index.js';
import type { Mailer } from '../../lib/mail.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { FileFormatError, FileLimitError } from '../../lib/tabular/limits.js';
import { XlsxSheetError } from '../../lib/tabular/xlsx.js';
import { OWNER_NOT_MEMBER, type ImportRowContext, type StagedRecord } from './import-row.js';
import { issueRows } from './import-row-issues.js';
import { fileRecords, rowReader } from './import-row-reader.js';
import { suppressionEntrySql, suppressionMatchSql } from '../suppressions/suppression-match.sql.js';
import { copyValue } from './import-copy.js';
import type { ImportEnricher } from './import-enrich.service.js';
import type { ImportLists } from './import-lists.js';
import type { RecordImportService } from '../records/record-import.service.js';
import type { WebhookEvents } from '../webhooks/webhooks.service.js';
import { rowIdMaker } from './import-row-id.js';
import { statisticsSchedule } from './import-statistics.js';
import type { ErrorInsert, ImportPatch, ImportsRepository } from './imports.repository.js';
import type { Tx } from '../../core/unit-of-work.js';

/**
 * Runs an import (docs/decisions/0010, 0012 and 0016). The reader streams the file, maps,
 * checks and normalises each row and COPYs the valid ones into the staging table (failed
 * ones into import_errors), committing each batch with its reading checkpoint. Beside it,
 * writers take staged rows in batches: each marks its suppressed rows and those repeating an
 * earlier row of the file, upserts the rest per the duplicates mode and records itself with
 * its counts, in one transaction. Repeats are merged last, in file order. Every transaction
 * comes from the unit of work (uow.tenantClient), so a kill at any point loses at most
 * uncommitted batches, which are redone: no row lost, none written twice.
 *
 * One processor at a time per import: a transaction-level advisory lock held by a connection
 * kept open for the run, released by PostgreSQL when it ends or when the connection dies.
 */

type Log = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type ProcessorDeps = {
  uow: UnitOfWork;
  repo: ImportsRepository;
  storage: FileStorage;
  contactsImport: RecordImportService;
  companiesImport: RecordImportService;
  lists: Pick<ImportLists, 'addRecords'> | null;
  mailer: Pick<Mailer, 'send'>;
  appUrl: string;
  log: Log;
  /** An import that ran longer than this emails its uploader when it ends. */
  notifyAfterMs: number;
  /** How long an import waits for a database that went away (default 30 minutes). */
  databaseWaitMs?: number;
  /** The enrich option (import-enrich.service.ts): it runs in each written batch's transaction. */
  enrich?: Pick<ImportEnricher, 'batchIn'>;
  /** Webhooks: `import.completed`, written in the transaction that marks the import finished. */
  events?: Pick<WebhookEvents, 'emitOnClientIn'>;
  /** The verify emails option (issue 24): a verification job of the import's contacts, started once it completed. */
  verifyEmails?: (ctx: RequestContext, importId: string) => Promise<unknown>;
  /** Tests slow an import down to catch it mid-way: a pause per row read, small write batches with a pause each. */
  testing?: { readRowDelayMs?: number; writeBatchRows?: number; writeBatchDelayMs?: number };
};

/** A problem with the file itself: the import fails with this message (no retry helps). */
export class ImportDataError extends Error {}

/** Attempts that took the process down, without progress in between, before the import is failed. */
const MAX_ATTEMPTS = 2;
const CRASHED_TWICE =
  'The file could not be processed: reading it stopped the server twice. Check the file (or save it again as CSV) and upload it again';
/** How long an import waits for a database that went away before its job gives up. */
const DATABASE_WAIT_MS = 30 * 60_000;
/** Per statement in the import's transactions: batches take about a second, ANALYZE a few. */
const STATEMENT_TIMEOUT_MS = 5 * 60_000;

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);

/** Whether an error means the database connection went away (the work can resume when it is back). */
export function isConnectionLost(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  if (code && CONNECTION_CODES.has(code)) return true;
  // drizzle wraps the driver's error in a "Failed query" error: the reason is its cause
  if (err.cause instanceof Error && err.cause !== err && isConnectionLost(err.cause)) return true;
  return /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Client was closed|ECONNREFUSED|ECONNRESET/i.test(
    err.message,
  );
}
/** Progress is stored at least this often (the screens poll every second). */
const COMMIT_EVERY_MS = 400;
const READ_BATCH_ROWS = 10_000;
/** Connections writing at once (two cores: the database does most of the work). */
const WRITERS = 2;
/** A table's rows of the workspace are counted up to this many when an import starts writing (its statistics schedule). */
const STATISTICS_COUNT_CAP = 1_000_000;
/** About 5 ms of parsing between two turns of the event loop. */
const YIELD_EVERY_ROWS = 150;

const isBlank = (cells: string[]) => cells.every((v) => v.trim() === '');

/** Resolves when a stream can take more, or when it ended or failed (a lost connection never drains). */
function drained(stream: NodeJS.WritableStream & { once: (e: string, f: () => void) => unknown; off: (e: string, f: () => void) => unknown }) {
  return new Promise<void>((resolve) => {
    const done = () => {
      for (const e of ['drain', 'close', 'error']) stream.off(e, done);
      resolve();
    };
    for (const e of ['drain', 'close', 'error']) stream.once(e, done);
  });
}

function stagedLine(workspaceId: string, importId: string, rowNo: number, id: string, r: StagedRecord): string {
  return (
    [
      workspaceId,
      importId,
      String(rowNo),
      id,
      copyValue(r.key),
      copyValue(JSON.stringify(r.data)),
      r.custom ? copyValue(JSON.stringify(r.custom)) : '\\N',
      copyValue(r.companyDomain),
      copyValue(r.companyName),
      r.companyCreate ? 't' : 'f',
      copyValue(r.note),
    ].join('\t') + '\n'
  );
}

/** What the writer knows of the reader running beside it. */
type ReaderState = {
  done: boolean;
  /** the staging table has statistics covering this import's first rows */
  analyzed: boolean;
  cancelled: boolean;
  error: unknown;
  /** set when the writer stops (cancel, failure): the reader ends at its next commit */
  stop: boolean;
  signal: () => void;
  /** resolves at the reader's next commit (or after a short while) */
  next: () => Promise<void>;
  /** the reader's outcome ('stopped': it ended at the writer's request) */
  end: (how: 'done' | 'cancelled' | 'stopped') => void;
  fail: (err: unknown) => void;
};

function readerState(done: boolean): ReaderState {
  let waiters: (() => void)[] = [];
  const state: ReaderState = {
    done,
    analyzed: false,
    cancelled: false,
    error: null,
    stop: false,
    signal() {
      const w = waiters;
      waiters = [];
      for (const f of w) f();
    },
    next: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 250);
      }),
    end(how) {
      if (how === 'done') state.done = true;
      if (how === 'cancelled') state.cancelled = true;
      state.signal();
    },
    fail(err) {
      state.error = err ?? new Error('reading failed');
      state.signal();
    },
  };
  return state;
}

export function createImportProcessor(deps: ProcessorDeps) {
  const { uow, repo } = deps;

  /**
   * A transaction of the import on a raw client (COPY, set-based statements). `restricted:
   * false` (the owner role) only for the staging COPY and ANALYZE, which row-level security
   * or ownership require. synchronous_commit off: a database crash may lose the last commits,
   * but each holds a batch's work with its checkpoint, so a lost one is redone.
   */
  const inTx = <T>(workspaceId: string, fn: (client: pg.PoolClient) => Promise<T>, opts: { restricted?: boolean; statementTimeoutMs?: number } = {}) =>
    uow.tenantClient({ workspaceId }, fn, { synchronousCommit: 'off', statementTimeoutMs: STATEMENT_TIMEOUT_MS, ...opts });
  /** The same through drizzle, for the imports row itself. */
  const inOrm = <T>(workspaceId: string, fn: (tx: Tx) => Promise<T>) =>
    uow.tenant({ workspaceId }, fn, { synchronousCommit: 'off', statementTimeoutMs: STATEMENT_TIMEOUT_MS });
  const find = (workspaceId: string, id: string) => inOrm(workspaceId, (tx) => repo.find(tx, workspaceId, id));
  const update = (workspaceId: string, id: string, patch: ImportPatch) =>
    inOrm(workspaceId, (tx) => repo.update(tx, workspaceId, id, patch));

  async function heartbeat<T>(
    workspaceId: string,
    id: string,
    phase: ImportRow['phase'],
    fn: () => Promise<T>,
  ): Promise<T> {
    // a long single statement (matching a million rows) still shows it is alive
    await update(workspaceId, id, { phase, progressAt: new Date() });
    const timer = setInterval(() => {
      update(workspaceId, id, { progressAt: new Date() }).catch(() => {});
    }, 1000);
    try {
      return await fn();
    } finally {
      clearInterval(timer);
    }
  }

  async function read(
    imp: ImportRow,
    ctx: ImportRowContext,
    reading: ReaderState,
  ): Promise<'done' | 'cancelled' | 'stopped'> {
    const { workspaceId, id } = imp;
    let staged = imp.rowsRead - imp.errorsCount;
    // statistics right after the first batch (the writer waits for them), then each time the
    // staged rows quadruple
    let analyzeAt = staged > 0 ? staged * 4 : 1;
    const reader = rowReader(imp, ctx);
    const rowId = rowIdMaker(id, imp.createdAt);
    const headerIndex = imp.headerRow - 1;
    const startAt = Math.max(imp.readNextRecord, headerIndex + 1);
    let dataRows = imp.rowsRead;

    let errors: ErrorInsert[] = [];
    let errorChars = 0;
    let sinceYield = 0;
    let batchRows = 0;
    let batchErrorRows = 0;
    let batchWarningRows = 0;
    let batchOwnerRows = 0;
    let batchStaged = 0;
    let nextRecord = imp.readNextRecord;
    let lastCommit = Date.now();

    // a report tool's footer lines (blank line, report name, copyright) are not rows
    const records = fileRecords(deps.storage, imp)[Symbol.asyncIterator]();
    let chunk: { first: number; records: string[][] } | null = null;
    let pos = 0;
    let ended = false;
    /** The next chunk of records; false at the end of the file. */
    const refill = async (): Promise<boolean> => {
      // let the requests waiting on this process in between chunks of parsing
      await new Promise((resolve) => setImmediate(resolve));
      const n = await records.next();
      if (n.done) {
        ended = true;
        return false;
      }
      chunk = n.value;
      pos = 0;
      return true;
    };

    /**
     * One batch in one transaction: rows go into COPY as soon as they are ready (a thousand at
     * a time, ~200 KB: nothing piles up in memory, and each write to the socket, which wakes
     * PostgreSQL on a core this process shares, carries enough to be worth it) while the file
     * is parsed, then the failed rows and the reading checkpoint; all of it commits together.
     */
    const batch = async (client: pg.PoolClient) => {
      const copy = repo.stagingCopy(client);
      const copied = new Promise<void>((resolve, reject) => {
        copy.on('finish', resolve);
        copy.on('error', reject);
      });
      let copyError: Error | null = null;
      copied.catch((err: Error) => {
        copyError = err;
      });
      let pending: string[] = [];
      let pendingChars = 0;
      const flush = async () => {
        if (pending.length === 0) return;
        const text = pending.join('');
        pending = [];
        pendingChars = 0;
        if (!copy.write(text)) await drained(copy);
        // a COPY that failed (its connection lost) reports it here rather than at its end
        if (copyError) throw copyError;
      };
      /** the file is read to its end: the batch's checkpoint says so */
      let done = false;
      try {
        for (;;) {
          if (!chunk || pos >= chunk.records.length) {
            if (ended || !(await refill())) break;
            continue;
          }
          const index = chunk.first + pos;
          const cells = chunk.records[pos++]!;
          if (index < startAt) continue;
          nextRecord = index + 1;
          if (isBlank(cells)) continue;
          dataRows++;
          if (dataRows > IMPORT_MAX_ROWS) {
            throw new ImportDataError(
              `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} data rows: split it and import the parts`,
            );
          }
          batchRows++;
          const rowNo = index + 1;
          const result = reader.read(cells);
          const issues = result.issues;
          if (result.record) {
            const line = stagedLine(workspaceId, id, rowNo, rowId(rowNo), result.record);
            pending.push(line);
            pendingChars += line.length;
            batchStaged++;
            if (issues.length > 0) batchWarningRows++;
            if (issues.some((i) => i.code === OWNER_NOT_MEMBER)) batchOwnerRows++;
            // no await per row: only when the queue goes to COPY
            if (pending.length >= 1000 || pendingChars >= 1_000_000) await flush();
          } else batchErrorRows++;
          if (issues.length > 0) {
            errors.push(...issueRows(rowNo, cells, issues, result.record ? 'warning' : 'error', reader.compiled.columnOf));
            for (const c of cells) errorChars += c.length;
          }
          if (deps.testing?.readRowDelayMs) await new Promise((r) => setTimeout(r, deps.testing?.readRowDelayMs));
          // parsing shares this process with the API: let waiting requests in every few ms
          if (++sinceYield >= YIELD_EVERY_ROWS) {
            sinceYield = 0;
            await new Promise((resolve) => setImmediate(resolve));
          }
          // long rows commit sooner: failed rows keep copies of their cells until the commit
          if (batchRows >= READ_BATCH_ROWS || errorChars > 8_000_000 || Date.now() - lastCommit >= COMMIT_EVERY_MS) break;
        }
        done = ended && (!chunk || pos >= chunk.records.length);
        if (done && dataRows === 0) throw new ImportDataError('The file has no data rows under its header');
        await flush();
        copy.end();
        await copied;
      } catch (err) {
        copy.destroy();
        throw err;
      }
      const elapsed = Math.max(1, Date.now() - lastCommit);
      await repo.insertErrors(client, workspaceId, id, errors);
      const checkpoint = await repo.readCheckpoint(client, workspaceId, id, {
        nextRecord,
        rows: batchRows,
        errors: batchErrorRows,
        warnings: batchWarningRows,
        ownersNotMembers: batchOwnerRows,
        rate: (batchRows / elapsed) * 1000,
        done,
      });
      return { cancel: checkpoint.cancel, done };
    };

    try {
      for (;;) {
        // the COPY runs as long as the batch is parsed: no statement timeout on it
        const step = await inTx(workspaceId, batch, { restricted: false, statementTimeoutMs: 0 });
        staged += batchStaged;
        errors = [];
        errorChars = 0;
        batchRows = 0;
        batchErrorRows = 0;
        batchWarningRows = 0;
        batchOwnerRows = 0;
        batchStaged = 0;
        lastCommit = Date.now();
        // without statistics of the staging table the planner joins it row by row against every
        // earlier row: quadratic. It must always know about how big it is.
        if (staged >= analyzeAt) {
          analyzeAt = staged * 4;
          await inTx(workspaceId, (c) => repo.analyzeStaging(c), { restricted: false });
        }
        reading.analyzed = true;
        reading.signal();
        if (step.cancel) return 'cancelled';
        if (step.done) return 'done';
        if (reading.stop) return 'stopped';
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      // the file's stream is closed however reading ends
      await records.return?.(undefined).catch(() => {});
    }
  }

  /**
   * Writes staged rows while the reader is still adding them; once the file is read, with
   * WRITERS connections side by side (PostgreSQL does the writing, and one connection would
   * leave a core idle).
   * Each batch marks its suppressed rows and the rows repeating an earlier row of the file
   * (all staged already: reading commits in file order), upserts the rest, and records itself
   * with its counts. The repeats are merged last, once every record they merge into exists.
   */
  async function write(imp: ImportRow, reading: ReaderState, restaged = false): Promise<'done' | 'cancelled'> {
    const { workspaceId, id } = imp;
    const params = {
      workspaceId,
      importId: id,
      mode: imp.options.duplicates,
      ownerId: imp.options.ownerId ?? imp.createdByMember,
      memberId: imp.createdByMember,
      createCompanies: imp.options.createCompanies,
    };
    const svc = imp.entity === 'contacts' ? deps.contactsImport : deps.companiesImport;
    const key = stagedKeySql(imp.entity);
    const isSuppressed = suppressionMatchSql(workspaceId, key);
    // what the import's page shows of each suppressed row: the entry that matched and the row's name
    const entry = suppressionEntrySql(workspaceId, key);
    const name = stagedNameSql(imp.entity);
    // batches already written before a restart are skipped, whatever order they finished in
    const done = await inOrm(workspaceId, (tx) => repo.writtenBatches(tx, workspaceId, id));
    // after the file was read again, the rows of batches written before lost their marks
    const remark = restaged ? [...done] : [];
    let cursor = 0;
    let claiming = Promise.resolve();
    let stop: 'cancelled' | null = null;
    // the statistics of the tables the import grows are refreshed as it grows them in the workspace
    let written = 0;
    const statistics = statisticsSchedule(await inTx(workspaceId, (c) => svc.tableSizes(c, workspaceId, STATISTICS_COUNT_CAP)));
    let analyzing = false;

    /** The next range of staged rows nobody has written: (from, to], or null when none is staged yet. */
    const claim = (size: number) => {
      const next = claiming.then(async () => {
        while (done.length > 0 && done[0]!.from <= cursor) cursor = Math.max(cursor, done.shift()!.to);
        const end = await inTx(workspaceId, (c) => repo.nextBatchEnd(c, workspaceId, id, cursor, size));
        if (end === null) return null;
        const to = done.length > 0 && done[0]!.from < end ? done[0]!.from : end;
        const range = { from: cursor, to };
        cursor = to;
        return range;
      });
      claiming = next.then(
        () => {},
        () => {},
      );
      return next;
    };

    const writer = async (n: number) => {
      let size = deps.testing?.writeBatchRows ?? 2000;
      for (;;) {
        if (stop) return;
        if (reading.error) throw reading.error;
        if (reading.cancelled) {
          stop = 'cancelled';
          return;
        }
        // while the file is read, one writer: the reader needs a core too
        if ((!reading.analyzed || n > 0) && !reading.done) {
          await reading.next();
          continue;
        }
        // read before looking: an empty answer after the reader's last commit means all is written
        const readerDone = reading.done;
        const range = await claim(size);
        if (!range) {
          if (readerDone) return;
          await reading.next();
          continue;
        }
        const t0 = Date.now();
        const step = await inTx(workspaceId, async (client) => {
          const rows = await repo.rowsInRange(client, workspaceId, id, range.from, range.to);
          const marks = await repo.markBatch(client, workspaceId, id, range.from, range.to, isSuppressed);
          if (marks.suppressed > 0) await repo.recordSuppressed(client, workspaceId, id, range.from, range.to, entry, name);
          const pending = rows - marks.suppressed - marks.duplicates;
          const r = await svc.writeBatch(client, { ...params, fromRow: range.from, toRow: range.to, pending });
          // the enrich option charges with the batch: committed together, never twice
          if (deps.enrich && imp.entity === 'contacts' && imp.options.enrich) {
            const ids = await svc.recordIds(client, { workspaceId, importId: id, fromRow: range.from, toRow: range.to });
            await deps.enrich.batchIn(client, imp, [...new Set(ids)]);
          }
          const { cancel } = await repo.recordBatch(client, workspaceId, id, {
            from: range.from,
            to: range.to,
            rows,
            created: r.created,
            updated: r.updated,
            skipped: r.skipped,
            suppressed: marks.suppressed,
            inFile: marks.duplicates,
            rate: (rows / Math.max(1, Date.now() - t0)) * 1000 * WRITERS,
          });
          return { cancel, rows };
        });
        if (step.cancel) stop = 'cancelled';
        written += step.rows;
        const due = analyzing ? [] : statistics.due(written);
        if (due.length > 0) {
          analyzing = true;
          await inTx(workspaceId, (c) => svc.refreshStatistics(c, due), { restricted: false }).finally(() => {
            analyzing = false;
          });
        }
        if (deps.testing?.writeBatchRows) {
          await new Promise((r) => setTimeout(r, deps.testing?.writeBatchDelayMs ?? 0));
          continue;
        }
        // batches of half a second to a second: few statements per row, progress stays fresh
        const took = Date.now() - t0;
        if (step.rows >= size * 0.9) {
          if (took < 400) size = Math.min(50_000, size * 2);
          else if (took > 1000) size = Math.max(500, Math.floor(size / 2));
        }
      }
    };

    const writers = deps.testing?.writeBatchRows ? 1 : WRITERS;
    const results = await Promise.allSettled(Array.from({ length: writers }, (_, n) => writer(n)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    if (stop) return 'cancelled';

    // rows repeating an earlier row of the file, merged into what it wrote (in file order)
    const current = await find(workspaceId, id);
    if ((current?.duplicatesInFile ?? 0) > 0) {
      for (const b of remark) {
        await inTx(workspaceId, async (c) => {
          await repo.markBatch(c, workspaceId, id, b.from, b.to, isSuppressed);
          await repo.recordSuppressed(c, workspaceId, id, b.from, b.to, entry, name);
        });
      }
      let from = 0;
      for (;;) {
        const to = await inTx(workspaceId, (c) => repo.nextBatchEnd(c, workspaceId, id, from, 20_000));
        if (to === null) break;
        await inTx(workspaceId, (c) => svc.mergeDuplicates(c, { ...params, fromRow: from, toRow: to }));
        from = to;
      }
    }
    return 'done';
  }

  /**
   * Adds every record the file named (created, updated or already there) to the chosen list,
   * from the staging rows. Safe to repeat after a restart: adding is idempotent.
   */
  async function addToList(imp: ImportRow) {
    if (!imp.listId || !deps.lists) return;
    // the job acts for the member who started the import, with a member's permissions
    const ctx = jobContext({
      userId: imp.createdBy,
      workspaceId: imp.workspaceId,
      memberId: imp.createdByMember ?? '',
      role: 'member',
    });
    const svc = imp.entity === 'contacts' ? deps.contactsImport : deps.companiesImport;
    let cp = 0;
    for (;;) {
      const batch = await inTx(imp.workspaceId, async (client) => {
        const end = await repo.nextBatchEnd(client, imp.workspaceId, imp.id, cp, 10_000);
        if (end === null) return null;
        const ids = await svc.recordIds(client, {
          workspaceId: imp.workspaceId,
          importId: imp.id,
          fromRow: cp,
          toRow: end,
        });
        return { end, ids: [...new Set(ids)] };
      });
      if (!batch) return;
      await deps.lists.addRecords(ctx, imp.listId, batch.ids);
      cp = batch.end;
    }
  }

  /** The verify emails option: after the rows are written, a job verifies the contacts the import made or updated. */
  async function verifyEmails(imp: ImportRow) {
    if (!deps.verifyEmails || imp.entity !== 'contacts' || !imp.options.verifyEmails || !imp.createdByMember) return;
    const ctx = jobContext({ userId: imp.createdBy, workspaceId: imp.workspaceId, memberId: imp.createdByMember, role: 'member' });
    // a failure to start it leaves the import completed: the grid's Verify does the same later
    await deps.verifyEmails(ctx, imp.id).catch((err: unknown) => deps.log.error({ err, importId: imp.id }, 'import: the verification job did not start'));
  }

  async function finish(imp: ImportRow, status: ImportRow['status'], error: string | null) {
    await heartbeat(imp.workspaceId, imp.id, 'finishing', () =>
      inTx(imp.workspaceId, async (client) => {
        await repo.finish(client, imp.workspaceId, imp.id, status, error);
        if (status !== 'completed' && status !== 'completed_with_errors') return;
        await deps.events?.emitOnClientIn(client, imp, 'import.completed', {
          importId: imp.id, fileName: imp.fileName, entity: imp.entity, status,
          counts: { rows: imp.rowsTotal, created: imp.createdCount, updated: imp.updatedCount, duplicates: imp.duplicatesCount, suppressed: imp.suppressedCount, errors: imp.errorsCount },
        });
      }),
    );
    const done = await find(imp.workspaceId, imp.id);
    if (!done) return;
    const counted =
      done.createdCount + done.updatedCount + done.duplicatesCount + done.suppressedCount + done.errorsCount;
    if (status !== 'failed' && status !== 'cancelled' && counted !== done.rowsTotal) {
      deps.log.error({ importId: imp.id, counted, rows: done.rowsTotal }, 'import counts do not add up to its rows');
    }
    const took = (done.finishedAt?.getTime() ?? Date.now()) - (done.startedAt?.getTime() ?? Date.now());
    if (took >= deps.notifyAfterMs && done.createdByEmail) {
      const link = `${deps.appUrl}/my-contacts/uploaded-files/${done.id}`;
      const lines = [
        `Your import of ${done.fileName} is ${importStatusLabels[status].toLowerCase()}.`,
        '',
        `Rows: ${done.rowsTotal.toLocaleString('en-US')}`,
        `Created: ${done.createdCount.toLocaleString('en-US')}`,
        `Updated: ${done.updatedCount.toLocaleString('en-US')}`,
        `Duplicates: ${done.duplicatesCount.toLocaleString('en-US')}`,
        `Suppressed: ${done.suppressedCount.toLocaleString('en-US')}`,
        `Errors: ${done.errorsCount.toLocaleString('en-US')}`,
        ...(error ? ['', `What went wrong: ${error}`] : []),
        '',
        `Details and the error report: ${link}`,
      ];
      await deps.mailer
        .send({
          to: done.createdByEmail,
          subject: `Import ${importStatusLabels[status].toLowerCase()}: ${done.fileName}`,
          text: lines.join('\n'),
        })
        .catch((err) => deps.log.warn({ err, importId: imp.id }, 'import: finish mail not sent'));
    }
  }

  /** Imports whose last attempt ended in this process without being able to record it (database away). */
  const endedHere = new Set<string>();

  /**
   * Runs (or resumes) an import to its end. 'busy' when another process holds it,
   * 'gone' when there is nothing to do. Problems with the file fail the import. When the
   * database goes away, it waits for it to come back and resumes from the checkpoints;
   * other errors are thrown for the job queue to retry (the checkpoints make a retry safe).
   */
  async function run(workspaceId: string, importId: string): Promise<'done' | 'busy' | 'gone'> {
    const giveUpAt = Date.now() + (deps.databaseWaitMs ?? DATABASE_WAIT_MS);
    let lostAt = 0;
    for (;;) {
      try {
        const result = await runOnce(workspaceId, importId);
        // after a lost connection, the server may not have seen our old lock's connection close yet
        if (result === 'busy' && lostAt && Date.now() - lostAt < 60_000) {
          await new Promise((r) => setTimeout(r, 1000));
          continue;
        }
        return result;
      } catch (err) {
        if (!isConnectionLost(err) || Date.now() > giveUpAt) throw err;
        deps.log.warn({ err, importId }, 'import: the database went away; resuming when it is back');
        await waitForDatabase(giveUpAt);
        lostAt = Date.now();
      }
    }
  }

  async function waitForDatabase(until: number) {
    for (let wait = 250; Date.now() < until; wait = Math.min(wait * 2, 5000)) {
      await new Promise((r) => setTimeout(r, wait));
      try {
        await uow.ping();
        return;
      } catch {
        // still away
      }
    }
  }

  /**
   * One processor per import: the lock is transaction-level, in a transaction kept open (and
   * kept busy, against the server's idle-in-transaction timeout) for the whole run.
   */
  async function runOnce(workspaceId: string, importId: string): Promise<'done' | 'busy' | 'gone'> {
    return uow.tenantClient({ workspaceId }, async (lock) => {
      if (!(await repo.tryRunLock(lock, importId))) return 'busy';
      let keep: Promise<unknown> = Promise.resolve();
      const timer = setInterval(() => {
        keep = repo.keepAlive(lock).catch(() => {});
      }, 20_000);
      try {
        return await runLocked(workspaceId, importId);
      } finally {
        clearInterval(timer);
        await keep;
      }
    });
  }

  async function runLocked(workspaceId: string, importId: string): Promise<'done' | 'busy' | 'gone'> {
    let attempt = false;
    try {
      let imp = await find(workspaceId, importId);
      if (!imp || (imp.status !== 'queued' && imp.status !== 'processing')) return 'gone';
      if (imp.cancelRequestedAt) {
        await finish(imp, 'cancelled', null);
        return 'done';
      }
      // counted and committed before any work: a file whose processing kills the process
      // is failed after two attempts without progress, not resumed at every start
      const prior = await inTx(workspaceId, (c) =>
        repo.startAttempt(c, workspaceId, importId, endedHere.has(importId)),
      );
      endedHere.delete(importId);
      attempt = true;
      if (prior >= MAX_ATTEMPTS) {
        deps.log.error({ importId, attempts: prior }, 'import: processing stopped the server twice; failed');
        await finish(imp, 'failed', CRASHED_TWICE);
        return 'done';
      }
      const startedAt = imp.startedAt ?? new Date();
      const claimed = await inOrm(workspaceId, (tx) =>
        repo.transition(tx, workspaceId, importId, ['queued', 'processing'], { status: 'processing', startedAt }),
      );
      if (!claimed) return 'gone';
      try {
        const svc = imp.entity === 'contacts' ? deps.contactsImport : deps.companiesImport;
        const ctx: ImportRowContext = {
          ...(await svc.rowContext(workspaceId)),
          members: await inTx(workspaceId, (c) => repo.memberKeys(c, workspaceId)),
          unknownOwners: imp.options.unknownOwners ?? 'owner',
        };
        let restaged = false;
        if (imp.rowsRead > 0) {
          const expected = imp.rowsRead - imp.errorsCount;
          const staged = await inTx(workspaceId, (c) => repo.stagedCount(c, workspaceId, importId));
          if (staged !== expected) {
            // PostgreSQL's crash recovery empties unlogged tables: read the file again (the
            // batches written stay recorded and are skipped; staged rows keep their ids)
            deps.log.warn({ importId, staged, expected }, 'import: staging rows lost, reading the file again');
            await inTx(workspaceId, (c) => repo.restartReading(c, workspaceId, importId));
            imp = (await find(workspaceId, importId))!;
            restaged = imp.writeCheckpoint > 0;
          }
        }
        // reading and writing run side by side: the file is parsed here while PostgreSQL writes
        const reading = readerState(imp.readDone);
        if (imp.rowsRead > 0) {
          // resuming: the rows staged before have statistics before anything is planned on them
          await inTx(workspaceId, (c) => repo.analyzeStaging(c), { restricted: false });
          reading.analyzed = true;
        }
        const reader = imp.readDone
          ? Promise.resolve()
          : read(imp, ctx, reading).then(
              (r) => reading.end(r),
              (err: unknown) => reading.fail(err),
            );
        let outcome: 'done' | 'cancelled';
        try {
          outcome = await write(imp, reading, restaged);
        } finally {
          reading.stop = true;
          await reader;
        }
        if (reading.error) throw reading.error;
        imp = (await find(workspaceId, importId))!;
        if (outcome === 'cancelled') {
          await addToList(imp);
          await finish(imp, 'cancelled', null);
          return 'done';
        }
        await heartbeat(workspaceId, importId, 'finishing', () => addToList(imp!));
        await finish(imp, imp.errorsCount > 0 ? 'completed_with_errors' : 'completed', null);
        await verifyEmails(imp);
        return 'done';
      } catch (err) {
        if (
          err instanceof ImportDataError ||
          err instanceof FileFormatError ||
          err instanceof FileLimitError ||
          err instanceof XlsxSheetError
        ) {
          await finish(imp, 'failed', err.message);
          return 'done';
        }
        throw err;
      }
    } finally {
      // this attempt did not take the process down (recorded later if the database is away)
      if (attempt) {
        await inTx(workspaceId, (c) => repo.endAttempt(c, workspaceId, importId)).catch(() =>
          endedHere.add(importId),
        );
      }
    }
  }

  /** After the last retry: the import is marked failed with the reason. */
  async function giveUp(workspaceId: string, importId: string, err: unknown) {
    const imp = await find(workspaceId, importId);
    if (!imp || (imp.status !== 'queued' && imp.status !== 'processing')) return;
    await finish(imp, 'failed', `The import stopped on an unexpected error: ${(err as Error).message ?? String(err)}`);
  }

  /** Imports of every workspace left unfinished by a stopped or killed server (no workspace is known yet). */
  const unfinished = () => uow.admin((tx) => repo.unfinished(tx));

  return { run, giveUp, unfinished };
}

export type ImportProcessor = ReturnType<typeof createImportProcessor>;
