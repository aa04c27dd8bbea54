import { sql } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { escapeLike } from '../../lib/filters/compile.js';

/**
 * The only file of the privacy module that queries the database. An erasure reaches into the
 * tables of several modules on purpose: it is the one use case whose job is to find an address
 * wherever the workspace stored it, in one transaction. Every method runs in the caller's `tx`.
 */

const n = (r: { rows: { n: number | string }[] }) => Number(r.rows[0]?.n ?? 0);

/** `%address%` for a case-insensitive containment test (LIKE's own characters escaped). */
export const containsPattern = (email: string) => `%${escapeLike(email)}%`;

export type ImportFileRow = { id: string; fileName: string; storageKey: string; fileDeletedAt: Date | null };
export type ExportRow = {
  id: string;
  status: 'queued' | 'running' | 'ready' | 'failed';
  rowsTotal: number;
  rowsDone: number;
  storageKey: string | null;
  fileSize: number | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date | null;
  requestedBy: string | null;
  requestedByUser: string;
};

const EXPORT_COLUMNS = sql`id, status, rows_total::float8 as "rowsTotal", rows_done::float8 as "rowsDone", storage_key as "storageKey",
  file_size::float8 as "fileSize", error, created_at as "createdAt", started_at as "startedAt", finished_at as "finishedAt",
  expires_at as "expiresAt", requested_by as "requestedBy", requested_by_user as "requestedByUser"`;

const asDate = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const toExport = (r: ExportRow): ExportRow => ({
  ...r,
  createdAt: asDate(r.createdAt)!,
  startedAt: asDate(r.startedAt),
  finishedAt: asDate(r.finishedAt),
  expiresAt: asDate(r.expiresAt),
});

export function createPrivacyRepository() {
  return {
    // ---- erasure -------------------------------------------------------------------------

    /** The contacts holding the address (as their email or an additional one, issue 26), locked, with the imports that created them. */
    async lockContacts(tx: Tx, workspaceId: string, email: string) {
      const r = await tx.execute<{ id: string; importId: string | null }>(sql`
        select id, import_id as "importId" from contacts
         where workspace_id = ${workspaceId}::uuid and (email = ${email} or id in (select ch.contact_id from contact_channels ch
           where ch.workspace_id = ${workspaceId}::uuid and ch.kind = 'email' and ch.value = ${email}))
         order by id for update`);
      return r.rows;
    },

    /** Imports that brought these contacts in (created or updated them), from their timelines. */
    async importsOfContacts(tx: Tx, workspaceId: string, contactIds: string[]): Promise<string[]> {
      if (contactIds.length === 0) return [];
      const r = await tx.execute<{ id: string }>(sql`
        select distinct (a.data->>'importId') as id from activities a
         where a.workspace_id = ${workspaceId}::uuid and a.contact_id = any(${sql.param(contactIds)}::uuid[])
           and a.data ? 'importId' and (a.data->>'importId') ~ '^[0-9a-f-]{36}$'`);
      return r.rows.map((x) => x.id);
    },

    async deleteNotes(tx: Tx, workspaceId: string, contactIds: string[]) {
      if (contactIds.length === 0) return 0;
      return n(
        await tx.execute<{ n: number }>(sql`
        with d as (delete from notes where workspace_id = ${workspaceId}::uuid and contact_id = any(${sql.param(contactIds)}::uuid[]) returning 1)
        select count(*)::int as n from d`),
      );
    },

    async deleteActivities(tx: Tx, workspaceId: string, contactIds: string[]) {
      if (contactIds.length === 0) return 0;
      return n(
        await tx.execute<{ n: number }>(sql`
        with d as (delete from activities where workspace_id = ${workspaceId}::uuid and contact_id = any(${sql.param(contactIds)}::uuid[]) returning 1)
        select count(*)::int as n from d`),
      );
    },

    async deleteListMemberships(tx: Tx, workspaceId: string, contactIds: string[]) {
      if (contactIds.length === 0) return 0;
      return n(
        await tx.execute<{ n: number }>(sql`
        with d as (delete from list_contacts where workspace_id = ${workspaceId}::uuid and contact_id = any(${sql.param(contactIds)}::uuid[]) returning 1)
        select count(*)::int as n from d`),
      );
    },

    /**
     * The workspace's reveal records of the person: by the contact, or by the prospect's address
     * (`people`: the prospect database's people with it, read there first). Answers the people and the records.
     */
    async deleteReveals(tx: Tx, workspaceId: string, contactIds: string[], people: string[]): Promise<{ prospectId: string; revealId: string }[]> {
      const r = await tx.execute<{ prospectId: string; revealId: string }>(sql`
        delete from prospect_reveals r
         where r.workspace_id = ${workspaceId}::uuid
           and (r.contact_id = any(${sql.param(contactIds)}::uuid[])
                or r.prospect_id = any(${sql.param(people)}::uuid[]))
        returning r.prospect_id as "prospectId", r.id as "revealId"`);
      return r.rows;
    },

    /**
     * The ledger rows of these reveals (and of anyone with the address; an enrichment's by its
     * reveal record) keep their amounts and references but no longer name them: the one change
     * the append-only ledger allows, through a definer function (decision 0027).
     */
    async redactLedger(tx: Tx, workspaceId: string, reveals: { prospectId: string; revealId: string }[], people: string[]): Promise<number> {
      const r = await tx.execute<{ n: number }>(sql`
        select credit_ledger_redact(${workspaceId}::uuid,
          array(select unnest(${sql.param(reveals.map((x) => x.prospectId))}::text[]) union select unnest(${sql.param(people)}::text[])),
          ${sql.param(reveals.map((x) => x.revealId))}::uuid[]) as n`);
      return r.rows[0]?.n ?? 0;
    },

    /** Staging rows of imports not finished yet that hold the address (its key, or any cell). */
    async deleteImportRows(tx: Tx, workspaceId: string, email: string) {
      const like = containsPattern(email);
      const r = await tx.execute<{ importId: string }>(sql`
        delete from import_rows
         where workspace_id = ${workspaceId}::uuid
           and (key = ${email} or lower(data::text) like ${like} or lower(coalesce(custom::text, '')) like ${like}
                or lower(coalesce(note, '')) like ${like})
        returning import_id as "importId"`);
      return r.rows.map((x) => x.importId);
    },

    /** Error rows (the lines of the error reports) whose value or uploaded cells hold the address. */
    async deleteImportErrors(tx: Tx, workspaceId: string, email: string) {
      const like = containsPattern(email);
      const r = await tx.execute<{ importId: string }>(sql`
        delete from import_errors e
         using import_errors x
         where e.workspace_id = ${workspaceId}::uuid and x.workspace_id = e.workspace_id
           and x.import_id = e.import_id and x.row_number = e.row_number
           and (lower(coalesce(x.value, '')) like ${like} or lower(coalesce(x.record::text, '')) like ${like})
        returning e.import_id as "importId"`);
      return r.rows.map((x) => x.importId);
    },

    /** The rows imports left out as suppressed (their identity, or the email entry that matched, is the address). */
    async deleteSuppressedRows(tx: Tx, workspaceId: string, email: string) {
      const r = await tx.execute<{ importId: string }>(sql`
        delete from import_suppressed_rows
         where workspace_id = ${workspaceId}::uuid
           and (key = ${email} or (entry_kind = 'email' and entry_value = ${email}))
        returning import_id as "importId"`);
      return r.rows.map((x) => x.importId);
    },

    /** Imports whose stored preview or column samples show the address. */
    async importsShowing(tx: Tx, workspaceId: string, email: string) {
      const like = containsPattern(email);
      const r = await tx.execute<{ id: string; preview: unknown; columns: unknown }>(sql`
        select id, preview, columns from imports
         where workspace_id = ${workspaceId}::uuid
           and (lower(preview::text) like ${like} or lower(columns::text) like ${like})
         for update`);
      return r.rows;
    },

    async setImportPreview(tx: Tx, workspaceId: string, id: string, preview: unknown, columns: unknown) {
      await tx.execute(sql`
        update imports set preview = ${JSON.stringify(preview)}::jsonb, columns = ${JSON.stringify(columns)}::jsonb
         where workspace_id = ${workspaceId}::uuid and id = ${id}::uuid`);
    },

    /** The workspace's uploads whose file is still stored, to search them for an address. */
    async storedUploads(tx: Tx, workspaceId: string) {
      const r = await tx.execute<{
        id: string;
        storageKey: string;
        fileType: 'csv' | 'xlsx';
        encoding: string | null;
      }>(sql`
        select id, storage_key as "storageKey", file_type as "fileType", encoding from imports
         where workspace_id = ${workspaceId}::uuid and file_deleted_at is null
         order by created_at, id`);
      return r.rows;
    },

    async importFiles(tx: Tx, workspaceId: string, ids: string[]): Promise<ImportFileRow[]> {
      if (ids.length === 0) return [];
      const r = await tx.execute<ImportFileRow>(sql`
        select id, file_name as "fileName", storage_key as "storageKey", file_deleted_at as "fileDeletedAt" from imports
         where workspace_id = ${workspaceId}::uuid and id = any(${sql.param(ids)}::uuid[])
         order by created_at, id`);
      return r.rows;
    },

    /** Marks an import's file (and error report) gone; its counts stay. */
    async markFileDeleted(tx: Tx, workspaceId: string, id: string, reason: 'retention' | 'erasure', at: Date) {
      await tx.execute(sql`
        update imports set file_deleted_at = ${at.toISOString()}::timestamptz, file_deleted_reason = ${reason}
         where workspace_id = ${workspaceId}::uuid and id = ${id}::uuid and file_deleted_at is null`);
    },

    /** Stored answers of retried requests (a reveal's) that carried the address. */
    async deleteStoredResponses(tx: Tx, workspaceId: string, email: string) {
      return n(
        await tx.execute<{ n: number }>(sql`
        with d as (delete from idempotency_keys where workspace_id = ${workspaceId}::uuid and lower(response::text) like ${containsPattern(email)} returning 1)
        select count(*)::int as n from d`),
      );
    },

    /**
     * Webhook events (the outbox) whose payload carries the address, with their deliveries: the
     * workspace's copy of what was sent, or would be (a pending delivery of it is not sent).
     */
    async deleteWebhookEvents(tx: Tx, workspaceId: string, email: string) {
      return n(
        await tx.execute<{ n: number }>(sql`
        with d as (delete from webhook_events where workspace_id = ${workspaceId}::uuid and lower(payload::text) like ${containsPattern(email)} returning 1)
        select count(*)::int as n from d`),
      );
    },

    /** Values a bulk edit kept for its undo: the erased contacts', or any holding the address. */
    async deleteUndoValues(tx: Tx, workspaceId: string, contactIds: string[], email: string) {
      const like = containsPattern(email);
      return n(
        await tx.execute<{ n: number }>(sql`
        with d as (
          delete from bulk_edit_values
           where workspace_id = ${workspaceId}::uuid
             and (record_id = any(${sql.param(contactIds)}::uuid[])
                  or lower(coalesce(previous_text, '')) like ${like} or lower(coalesce(previous_json::text, '')) like ${like})
          returning 1)
        select count(*)::int as n from d`),
      );
    },

    /** The export log keeps the grid search of each export: one that named the address loses it. */
    async clearExportSearches(tx: Tx, workspaceId: string, email: string) {
      const like = containsPattern(email);
      return n(
        await tx.execute<{ n: number }>(sql`
        with u as (
          update record_exports set
            q = case when lower(coalesce(q, '')) like ${like} then null else q end,
            filter = case when lower(coalesce(filter::text, '')) like ${like} then null else filter end
           where workspace_id = ${workspaceId}::uuid
             and (lower(coalesce(q, '')) like ${like} or lower(coalesce(filter::text, '')) like ${like})
          returning 1)
        select count(*)::int as n from u`),
      );
    },

    // ---- retention settings --------------------------------------------------------------

    async retentionDays(tx: Tx, workspaceId: string): Promise<number | null> {
      const r = await tx.execute<{ days: number }>(sql`
        select file_retention_days as days from privacy_settings where workspace_id = ${workspaceId}::uuid`);
      return r.rows[0]?.days ?? null;
    },

    async setRetentionDays(tx: Tx, workspaceId: string, memberId: string, days: number) {
      await tx.execute(sql`
        insert into privacy_settings (workspace_id, file_retention_days, updated_by, updated_at)
        values (${workspaceId}::uuid, ${days}, ${memberId}::uuid, now())
        on conflict (workspace_id) do update
          set file_retention_days = excluded.file_retention_days, updated_by = excluded.updated_by, updated_at = now()`);
    },

    /** Files due for deletion in every workspace (security definer: runs before any workspace is known). */
    async filesDue(tx: Tx, now: Date) {
      const r = await tx.execute<{ workspaceId: string; kind: 'import' | 'export'; id: string }>(sql`
        select workspace_id as "workspaceId", kind, id from privacy_files_due(${now.toISOString()}::timestamptz)`);
      return r.rows;
    },

    /** An import's file to delete by retention, locked; null when gone or no longer due. */
    async lockImportFile(tx: Tx, workspaceId: string, id: string) {
      const r = await tx.execute<ImportFileRow>(sql`
        select id, file_name as "fileName", storage_key as "storageKey", file_deleted_at as "fileDeletedAt" from imports
         where workspace_id = ${workspaceId}::uuid and id = ${id}::uuid and file_deleted_at is null
           and status not in ('queued', 'processing')
         for update`);
      return r.rows[0] ?? null;
    },

    async deleteErrorReport(tx: Tx, workspaceId: string, importId: string) {
      return n(
        await tx.execute<{ n: number }>(sql`
        with d as (delete from import_errors where workspace_id = ${workspaceId}::uuid and import_id = ${importId}::uuid returning 1)
        select count(*)::int as n from d`),
      );
    },

    // ---- workspace exports ---------------------------------------------------------------

    async insertExport(tx: Tx, row: { workspaceId: string; id: string; memberId: string; userId: string }) {
      const r = await tx.execute<ExportRow>(sql`
        insert into workspace_exports (workspace_id, id, requested_by, requested_by_user)
        values (${row.workspaceId}::uuid, ${row.id}::uuid, ${row.memberId}::uuid, ${row.userId}::uuid)
        returning ${EXPORT_COLUMNS}`);
      return toExport(r.rows[0]!);
    },

    /** An export still queued or running in the workspace (one at a time). */
    async activeExport(tx: Tx, workspaceId: string) {
      const r = await tx.execute<ExportRow>(sql`
        select ${EXPORT_COLUMNS} from workspace_exports
         where workspace_id = ${workspaceId}::uuid and status in ('queued', 'running')
         order by created_at desc limit 1`);
      return r.rows[0] ? toExport(r.rows[0]) : null;
    },

    async getExport(tx: Tx, workspaceId: string, id: string) {
      const r = await tx.execute<ExportRow>(sql`
        select ${EXPORT_COLUMNS} from workspace_exports where workspace_id = ${workspaceId}::uuid and id = ${id}::uuid`);
      return r.rows[0] ? toExport(r.rows[0]) : null;
    },

    async listExports(tx: Tx, workspaceId: string, limit: number) {
      const r = await tx.execute<ExportRow>(sql`
        select ${EXPORT_COLUMNS} from workspace_exports where workspace_id = ${workspaceId}::uuid
         order by created_at desc, id desc limit ${limit}`);
      return r.rows.map(toExport);
    },

    async updateExport(
      tx: Tx,
      workspaceId: string,
      id: string,
      patch: Partial<{
        status: ExportRow['status'];
        rowsTotal: number;
        rowsDone: number;
        storageKey: string | null;
        fileSize: number;
        error: string;
        startedAt: Date;
        finishedAt: Date;
        expiresAt: Date;
      }>,
    ) {
      const sets = [];
      if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
      if (patch.rowsTotal !== undefined) sets.push(sql`rows_total = ${patch.rowsTotal}`);
      if (patch.rowsDone !== undefined) sets.push(sql`rows_done = ${patch.rowsDone}`);
      if (patch.storageKey !== undefined) sets.push(sql`storage_key = ${patch.storageKey}`);
      if (patch.fileSize !== undefined) sets.push(sql`file_size = ${patch.fileSize}`);
      if (patch.error !== undefined) sets.push(sql`error = ${patch.error}`);
      if (patch.startedAt !== undefined) sets.push(sql`started_at = ${patch.startedAt.toISOString()}::timestamptz`);
      if (patch.finishedAt !== undefined) sets.push(sql`finished_at = ${patch.finishedAt.toISOString()}::timestamptz`);
      if (patch.expiresAt !== undefined) sets.push(sql`expires_at = ${patch.expiresAt.toISOString()}::timestamptz`);
      if (sets.length === 0) return true;
      const r = await tx.execute(sql`update workspace_exports set ${sql.join(sets, sql`, `)}
        where workspace_id = ${workspaceId}::uuid and id = ${id}::uuid`);
      // false: the export (or its workspace) is gone
      return (r.rowCount ?? 0) > 0;
    },

    // ---- delete the workspace ------------------------------------------------------------

    async workspaceName(tx: Tx, workspaceId: string): Promise<string | null> {
      const r = await tx.execute<{ name: string }>(sql`select name from workspaces where id = ${workspaceId}::uuid`);
      return r.rows[0]?.name ?? null;
    },

    /** Every stored file of the workspace: uploads and exports. */
    async storedFiles(tx: Tx, workspaceId: string): Promise<string[]> {
      const r = await tx.execute<{ key: string }>(sql`
        select storage_key as key from imports where workspace_id = ${workspaceId}::uuid and file_deleted_at is null
        union all
        select storage_key from workspace_exports where workspace_id = ${workspaceId}::uuid and storage_key is not null`);
      return r.rows.map((x) => x.key);
    },

    /**
     * Deletes the workspace: every tenant row goes by the foreign keys' cascades (members,
     * sessions and API keys included, so other members lose access at once).
     */
    async deleteWorkspace(tx: Tx, workspaceId: string) {
      await tx.execute(sql`delete from workspaces where id = ${workspaceId}::uuid`);
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
