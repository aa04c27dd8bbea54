import type { Readable } from 'node:stream';
import {
  FILE_RETENTION_DEFAULT_DAYS,
  type DeleteWorkspaceBody,
  type DeleteWorkspaceResult,
  type ErasureRemoved,
  type ErasureRequest,
  type ErasureResult,
  type PrivacySettings,
  type WorkspaceExport,
} from '@leadtrail/contracts';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mail.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { canonicalEmail } from '../suppressions/suppression-entry.js';
import type { SuppressionsService } from '../suppressions/suppressions.service.js';
import type { AccountService } from '../account/account.service.js';
import type { ExportRow, PrivacyRepository } from './privacy.repository.js';
import {
  planExport,
  workspaceNameOf,
  writeExportFiles,
  zipExportFiles,
} from './workspace-export-writer.js';
import { fileMentions } from './file-mentions.js';

type Log = { error: (obj: object, msg?: string) => void; info?: (obj: object, msg?: string) => void };

/** Records an audit event in the caller's transaction (modules/audit, when it is there). */
export type AuditRecorder = {
  recordIn: (
    tx: Tx,
    ctx: RequestContext,
    event: {
      action: 'privacy.erasure' | 'privacy.workspace_export' | 'privacy.retention_changed';
      target?: { type: string; id?: string | null; label?: string | null };
      details?: Record<string, unknown>;
    },
  ) => Promise<unknown>;
};

/** Runs an export: pg-boss when there is a queue, else in this process (tests, one-off tools). */
export type ExportQueue = (job: { workspaceId: string; exportId: string }) => Promise<void>;

export type PrivacyDeps = {
  uow: UnitOfWork;
  repo: PrivacyRepository;
  storage: FileStorage;
  suppressions: Pick<SuppressionsService, 'suppressErasedIn'>;
  account: Pick<AccountService, 'checkPasswordIn' | 'deleteIfNoWorkspaceIn' | 'emailOf'>;
  /** The erased person's contacts are deleted by records, their one writer (webhook events included). */
  contacts: { eraseIn: (tx: Tx, ctx: RequestContext, ids: string[]) => Promise<number> };
  audit: AuditRecorder | null;
  queue: () => ExportQueue;
  mailer: Mailer;
  appUrl: string;
  log: Log;
  /** the retention job's clock (tests move it) */
  clock?: () => Date;
  /** The email verifier's shared cache (issue 24): an erased address's result goes with it. */
  verification?: { forgetIn: (tx: Tx, email: string) => Promise<number> };
  /**
   * The prospect database's people with an address (the prospects module): its tables may live in
   * a database of their own (decision 0043), so the reveals by address take their ids, not a join.
   */
  prospects: { idsWithEmailIn: (tx: Tx, email: string) => Promise<string[]> };
};

/** How long a ready export can be downloaded. */
export const EXPORT_VALID_MS = 24 * 3600 * 1000;
/** An erasure's containment scans read all of a workspace's error rows and webhook events. */
const ERASURE_STATEMENT_TIMEOUT_MS = 120_000;
/** An export queued or running longer than this is taken as stopped (the job's own expiry is 4 h). */
const STALE_EXPORT_MS = 6 * 3600 * 1000;

/** Any string inside a JSON value that holds the address becomes empty (previews, samples). */
function scrub(value: unknown, email: string): unknown {
  if (typeof value === 'string') return value.toLowerCase().includes(email) ? '' : value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, email));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, email)]));
  }
  return value;
}

export function toWorkspaceExport(r: ExportRow, now = new Date()): WorkspaceExport {
  const downloadable = r.status === 'ready' && !!r.storageKey && !!r.expiresAt && r.expiresAt > now;
  return {
    id: r.id,
    status: r.status,
    progress: r.status === 'ready' ? 1 : r.rowsTotal > 0 ? Math.min(1, r.rowsDone / r.rowsTotal) : 0,
    rowsDone: r.rowsDone,
    rowsTotal: r.rowsTotal,
    fileSize: r.fileSize,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    downloadUrl: downloadable ? `/api/v1/privacy/exports/${r.id}/download` : null,
  };
}

export function createPrivacyService(deps: PrivacyDeps) {
  const { uow, repo, storage, log } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function removeFiles(keys: string[]) {
    for (const key of keys) {
      await storage
        .remove(key)
        .catch((err: unknown) => log.error({ err, key }, 'privacy: a stored file could not be deleted'));
    }
  }

  /** The CSV uploads (any encoding) whose stored file holds the address. XLSX files are compressed: not searched. */
  async function uploadsMentioning(ctx: RequestContext, email: string): Promise<string[]> {
    const uploads = await uow.tenant(ctx, (tx) => repo.storedUploads(tx, ctx.workspaceId));
    const found: string[] = [];
    for (const u of uploads) {
      if (u.fileType !== 'csv') continue;
      try {
        if (await fileMentions(storage.read(u.storageKey), email, u.encoding)) found.push(u.id);
      } catch (err) {
        // a file missing on disk holds nothing; the erasure goes on
        log.error({ err, importId: u.id }, 'privacy: an upload could not be searched');
      }
    }
    return found;
  }

  async function loadExport(tx: Tx, ctx: RequestContext, id: string) {
    const row = await repo.getExport(tx, ctx.workspaceId, id);
    if (!row) throw notFound('Export');
    return row;
  }

  return {
    /**
     * Erases a person from the workspace in one transaction (PRODUCT.md 7a): their contacts with
     * notes, timeline, list memberships and reveal records; import staging and error rows and
     * previews that hold the address; stored answers that carried it. The SHA-256 of the address
     * is suppressed instead. Uploaded files holding it are listed, or deleted when asked.
     */
    async erase(ctx: RequestContext, body: ErasureRequest): Promise<ErasureResult> {
      const email = canonicalEmail(body.email);
      if (!email) throw invalidField('email', 'Enter the email address of the person to erase');
      const now = clock();
      const ws = ctx.workspaceId;
      // uploads whose file holds the address though no row of ours says so (a skipped duplicate,
      // an upload never started): searched before the transaction, which need not wait for it
      const mentioning = await uploadsMentioning(ctx, email);
      const { result, remove } = await uow.tenant(
        ctx,
        async (tx) => {
          const found = await repo.lockContacts(tx, ws, email);
          const ids = found.map((c) => c.id);
          const imports = new Set(found.map((c) => c.importId).filter((v): v is string => !!v));
          for (const id of await repo.importsOfContacts(tx, ws, ids)) imports.add(id);
          for (const id of mentioning) imports.add(id);
          const people = await deps.prospects.idsWithEmailIn(tx, email);
          const revealed = await repo.deleteReveals(tx, ws, ids, people);
          // their reveals' ledger rows keep the credits but not the name and employer
          await repo.redactLedger(tx, ws, revealed, people);
          const removed: ErasureRemoved = {
            notes: await repo.deleteNotes(tx, ws, ids),
            activities: await repo.deleteActivities(tx, ws, ids),
            listMemberships: await repo.deleteListMemberships(tx, ws, ids),
            reveals: revealed.length,
            contacts: await deps.contacts.eraseIn(tx, ctx, ids),
            importRows: 0,
            errorRows: 0,
            suppressedRows: 0,
            importPreviews: 0,
            storedResponses: await repo.deleteStoredResponses(tx, ws, email),
            suppressionEntries: 0,
            exportSearches: await repo.clearExportSearches(tx, ws, email),
            webhookEvents: await repo.deleteWebhookEvents(tx, ws, email),
            undoValues: await repo.deleteUndoValues(tx, ws, ids, email),
          };
          const staged = await repo.deleteImportRows(tx, ws, email);
          removed.importRows = staged.length;
          const errors = await repo.deleteImportErrors(tx, ws, email);
          removed.errorRows = errors.length;
          const suppressed = await repo.deleteSuppressedRows(tx, ws, email);
          removed.suppressedRows = suppressed.length;
          for (const id of [...staged, ...errors, ...suppressed]) imports.add(id);
          for (const imp of await repo.importsShowing(tx, ws, email)) {
            await repo.setImportPreview(tx, ws, imp.id, scrub(imp.preview, email), scrub(imp.columns, email));
            removed.importPreviews++;
            imports.add(imp.id);
          }
          // the verifier's cache is shared by the deployment, not the workspace's: the address leaves it too
          await deps.verification?.forgetIn(tx, email);
          const { hash, removedEntries } = await deps.suppressions.suppressErasedIn(tx, ctx, email);
          removed.suppressionEntries = removedEntries;
          const files = (await repo.importFiles(tx, ws, [...imports])).filter((f) => !f.fileDeletedAt);
          if (body.deleteFiles) for (const f of files) await repo.markFileDeleted(tx, ws, f.id, 'erasure', now);
          const listed = files.map((f) => ({ importId: f.id, fileName: f.fileName, deleted: !!body.deleteFiles }));
          // the log keeps that an erasure happened and what went, never whom: the hash only
          await deps.audit?.recordIn(tx, ctx, {
            action: 'privacy.erasure',
            target: { type: 'person', id: hash, label: `sha256:${hash.slice(0, 12)}…` },
            details: { hash, removed, files: listed.length, filesDeleted: body.deleteFiles ? listed.length : 0 },
          });
          return {
            result: { hash, removed, files: listed },
            remove: body.deleteFiles ? files.map((f) => f.storageKey) : [],
          };
        },
        { statementTimeoutMs: ERASURE_STATEMENT_TIMEOUT_MS },
      );
      await removeFiles(remove);
      return result;
    },

    /**
     * Deletes original uploaded files (an erasure listed them; the admin chose to delete them).
     * The imports keep their counts and say the file is gone.
     */
    async deleteImportFiles(ctx: RequestContext, importIds: string[]): Promise<{ files: ErasureResult['files'] }> {
      const now = clock();
      const files = await uow.tenant(ctx, async (tx) => {
        const found = (await repo.importFiles(tx, ctx.workspaceId, [...new Set(importIds)])).filter(
          (f) => !f.fileDeletedAt,
        );
        for (const f of found) await repo.markFileDeleted(tx, ctx.workspaceId, f.id, 'erasure', now);
        return found;
      });
      await removeFiles(files.map((f) => f.storageKey));
      return { files: files.map((f) => ({ importId: f.id, fileName: f.fileName, deleted: true })) };
    },

    async settings(ctx: RequestContext): Promise<PrivacySettings> {
      const days = await uow.tenant(ctx, (tx) => repo.retentionDays(tx, ctx.workspaceId));
      return { fileRetentionDays: days ?? FILE_RETENTION_DEFAULT_DAYS };
    },

    async updateSettings(ctx: RequestContext, body: PrivacySettings): Promise<PrivacySettings> {
      return uow.tenant(ctx, async (tx) => {
        const before = (await repo.retentionDays(tx, ctx.workspaceId)) ?? FILE_RETENTION_DEFAULT_DAYS;
        await repo.setRetentionDays(tx, ctx.workspaceId, ctx.memberId, body.fileRetentionDays);
        if (before !== body.fileRetentionDays) {
          await deps.audit?.recordIn(tx, ctx, {
            action: 'privacy.retention_changed',
            target: { type: 'workspace', id: ctx.workspaceId },
            details: { fileRetentionDays: { from: before, to: body.fileRetentionDays } },
          });
        }
        return { fileRetentionDays: body.fileRetentionDays };
      });
    },

    /** Starts a workspace export (one at a time: a running one is answered instead). */
    async startExport(ctx: RequestContext): Promise<{ id: string; status: WorkspaceExport['status'] }> {
      const { row, fresh } = await uow.tenant(ctx, async (tx) => {
        const active = await repo.activeExport(tx, ctx.workspaceId);
        // one at a time; one stuck for hours (its worker died without a retry) no longer blocks
        if (active && clock().getTime() - active.createdAt.getTime() < STALE_EXPORT_MS)
          return { row: active, fresh: false };
        if (active) {
          await repo.updateExport(tx, ctx.workspaceId, active.id, {
            status: 'failed',
            error: 'The export stopped; start it again',
            finishedAt: clock(),
          });
        }
        const created = await repo.insertExport(tx, {
          workspaceId: ctx.workspaceId,
          id: newId(),
          memberId: ctx.memberId,
          userId: ctx.userId,
        });
        await deps.audit?.recordIn(tx, ctx, {
          action: 'privacy.workspace_export',
          target: { type: 'workspace_export', id: created.id },
          details: {},
        });
        return { row: created, fresh: true };
      });
      if (fresh) await deps.queue()({ workspaceId: ctx.workspaceId, exportId: row.id });
      return { id: row.id, status: row.status };
    },

    async getExport(ctx: RequestContext, id: string): Promise<WorkspaceExport> {
      return toWorkspaceExport(await uow.tenant(ctx, (tx) => loadExport(tx, ctx, id)), clock());
    },

    async listExports(ctx: RequestContext): Promise<WorkspaceExport[]> {
      const now = clock();
      return (await uow.tenant(ctx, (tx) => repo.listExports(tx, ctx.workspaceId, 10))).map((r) =>
        toWorkspaceExport(r, now),
      );
    },

    /** The ZIP of a ready export, while its 24 hours last. */
    async download(
      ctx: RequestContext,
      id: string,
    ): Promise<{ fileName: string; size: number | null; stream: Readable }> {
      const row = await uow.tenant(ctx, (tx) => loadExport(tx, ctx, id));
      if (row.status !== 'ready') throw conflict('This export is not ready yet', { status: row.status });
      if (!row.storageKey || !row.expiresAt || row.expiresAt <= clock()) {
        throw new AppError(410, 'export_expired', 'This download link has expired; start a new export');
      }
      const day = row.createdAt.toISOString().slice(0, 10);
      return { fileName: `leadtrail-export-${day}.zip`, size: row.fileSize, stream: storage.read(row.storageKey) };
    },

    /**
     * The export job: the plan (the data sets and their counts) read in one unit of work, then each
     * data set written by COPY in a unit of its own, its progress committed after it in another
     * (one connection at a time: never a unit inside another), then the ZIP made outside any, and
     * the requester mailed the link.
     */
    async runExport(workspaceId: string, exportId: string): Promise<void> {
      const scope = { workspaceId };
      const row = await uow.tenant(scope, async (tx) => {
        const r = await repo.getExport(tx, workspaceId, exportId);
        if (!r || r.status === 'ready' || r.status === 'failed') return null;
        await repo.updateExport(tx, workspaceId, exportId, { status: 'running', startedAt: clock(), rowsDone: 0 });
        return r;
      });
      if (!row) return;
      const key = `exports/${workspaceId}/${exportId}.zip`;
      const asRequester = { workspaceId, userId: row.requestedByUser };
      try {
        let done = 0;
        const { name, plan } = await uow.tenantClient(asRequester, async (client) => ({
          name: await workspaceNameOf(client, workspaceId),
          plan: await planExport(client, workspaceId),
        }));
        const total = plan.reduce((s, p) => s + p.rows, 0);
        await uow.tenant(scope, (tx) => repo.updateExport(tx, workspaceId, exportId, { rowsTotal: total }));
        // the data sets are read in their units; the ZIP is made after them (no idle transaction)
        const files = await writeExportFiles({
          inUnit: (fn) => uow.tenantClient(asRequester, fn, { statementTimeoutMs: 0 }),
          workspaceId,
          workspaceName: name,
          plan,
          now: clock(),
          onRows: (n) => {
            done += n;
          },
          afterDataset: async () => {
            const at = done;
            await uow.tenant(scope, (tx) => repo.updateExport(tx, workspaceId, exportId, { rowsDone: at }));
          },
        });
        const { bytes } = await zipExportFiles(files, (zip) => storage.write(key, zip as Readable));
        const finished = clock();
        const kept = await uow.tenant(scope, (tx) =>
          repo.updateExport(tx, workspaceId, exportId, {
            status: 'ready',
            rowsDone: done,
            storageKey: key,
            fileSize: bytes,
            finishedAt: finished,
            expiresAt: new Date(finished.getTime() + EXPORT_VALID_MS),
          }),
        );
        if (!kept) {
          // the workspace was deleted meanwhile: its export goes too
          await storage.remove(key).catch(() => {});
          return;
        }
        const to = await deps.account.emailOf(row.requestedByUser);
        if (to) {
          await deps.mailer
            .send({
              to,
              subject: 'Your Leadtrail workspace export is ready',
              text:
                `The export of your workspace is ready (${Math.max(1, Math.round(bytes / 1024))} KB).\n\n` +
                `Download it within 24 hours, signed in as an owner or admin:\n${deps.appUrl}/api/v1/privacy/exports/${exportId}/download\n\n` +
                `Or open Settings → Privacy: ${deps.appUrl}/settings/privacy\n`,
            })
            .catch((err: unknown) => log.error({ err, exportId }, 'privacy: the export mail could not be sent'));
        }
      } catch (err) {
        log.error({ err, exportId }, 'privacy: workspace export failed');
        await storage.remove(key).catch(() => {});
        await uow.tenant(scope, (tx) =>
          repo.updateExport(tx, workspaceId, exportId, {
            status: 'failed',
            error: 'The export could not be written; start it again',
            finishedAt: clock(),
          }),
        );
      }
    },

    /**
     * The retention job: uploaded files (and their error reports) older than the workspace keeps
     * them, and exports past their 24 hours. The import keeps its counts and says the file is gone.
     */
    async sweepFiles(now: Date = clock()): Promise<{ imports: number; exports: number }> {
      const due = await uow.admin((tx) => repo.filesDue(tx, now));
      let imports = 0;
      let exports = 0;
      for (const d of due) {
        const key = await uow.tenant({ workspaceId: d.workspaceId }, async (tx) => {
          if (d.kind === 'export') {
            const e = await repo.getExport(tx, d.workspaceId, d.id);
            if (!e?.storageKey) return null;
            await repo.updateExport(tx, d.workspaceId, d.id, { storageKey: null });
            return e.storageKey;
          }
          const f = await repo.lockImportFile(tx, d.workspaceId, d.id);
          if (!f) return null;
          await repo.deleteErrorReport(tx, d.workspaceId, d.id);
          await repo.markFileDeleted(tx, d.workspaceId, d.id, 'retention', now);
          return f.storageKey;
        });
        if (!key) continue;
        await removeFiles([key]);
        if (d.kind === 'export') exports++;
        else imports++;
      }
      return { imports, exports };
    },

    /**
     * Deletes the workspace (owner; password and the name typed): every tenant row by cascade,
     * members' sessions and API keys with them, then the stored files. The owner's account stays
     * when it belongs to another workspace, else it goes too.
     */
    async deleteWorkspace(ctx: RequestContext, body: DeleteWorkspaceBody): Promise<DeleteWorkspaceResult> {
      const { files, accountKept } = await uow.tenant(ctx, async (tx) => {
        if (!(await deps.account.checkPasswordIn(tx, ctx.userId, body.password))) {
          throw invalidField('password', 'That password is not right');
        }
        const name = await repo.workspaceName(tx, ctx.workspaceId);
        if (name === null) throw notFound('Workspace');
        if (body.confirmName.trim() !== name.trim()) {
          throw invalidField('confirmName', 'Type the workspace name exactly as it is shown');
        }
        const keys = await repo.storedFiles(tx, ctx.workspaceId);
        await repo.deleteWorkspace(tx, ctx.workspaceId);
        const gone = await deps.account.deleteIfNoWorkspaceIn(tx, ctx.userId);
        return { files: keys, accountKept: !gone };
      });
      await removeFiles(files);
      log.info?.({ workspaceId: ctx.workspaceId, files: files.length }, 'privacy: workspace deleted');
      return { accountKept };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
