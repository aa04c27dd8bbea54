import type { Readable } from 'node:stream';
import {
  defaultImportOptions,
  ERROR_REPORT_KIND_HEADER,
  ERROR_REPORT_REASON_HEADER,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importFraction,
  type Entity,
  type Import,
  type ImportDetail,
  type ImportErrorPage,
  type ImportListQuery,
  type ImportMappingItem,
  type ImportOptions,
  type ImportPreflight,
  type ImportPreflightBody,
  IMPORT_PREFLIGHT_ROWS,
  type ImportPage,
  type ImportSuppressedPage,
  type UpdateImportBody,
} from '@leadtrail/contracts';
import { AppError, badRequest, conflict, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { cutText } from '../../lib/text-input.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { createRecordCounter } from '../../lib/tabular/csv.js';
import { detectEncoding } from '../../lib/tabular/encoding.js';
import { detectFileType, type TabularType } from '../../lib/tabular/file-type.js';

const FILE_CONTENT_TYPES: Record<TabularType, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  vcf: 'text/vcard',
};
import { mayCancel } from '../../core/bulk-jobs.js';
import type { RequestContext } from '../../core/request-context.js';
import type { Jobs } from '../../core/jobs.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service.js';
import { analyzeFile, type FileAnalysis, type FileFormat } from './import-file.js';
import type { CustomFieldRef } from './header-reading.js';
import { headerSignature, mappingProblems } from './import-mapping.js';
import { assignColumns } from './mapping-assignment.js';
import type { ColumnProfile } from './column-profile.js';
import { entityHint } from './entity-hint.js';
import { rowKeys, summarisePreflight, type TriedRow } from './import-preflight.js';
import { createImportPreflightRepository, type ImportPreflightRepository } from './import-preflight.repository.js';
import { fileRecords, rowReader } from './import-row-reader.js';
import type { ImportLists } from './import-lists.js';
import type { RecordImportService } from '../records/record-import.service.js';
import type { ImportProcessor } from './import-processor.jobs.js';
import { enqueueImport } from './imports.jobs.js';
import type { ImportPatch, ImportRow, ImportsRepository, ImportWithUser, StoredImportColumn, StoredImportMapping } from './imports.repository.js';
import type { AuditService } from '../audit/audit.service.js';

type Log = { error: (obj: object, msg?: string) => void };

export type ImportsDeps = {
  uow: UnitOfWork;
  repo: ImportsRepository;
  storage: FileStorage;
  processor: ImportProcessor;
  jobs: Jobs | null;
  customFields: CustomFieldsService;
  /** Throws 404 unless the member is in the caller's workspace. */
  memberExistsIn: (tx: Tx, ctx: RequestContext, memberId: string) => Promise<boolean>;
  lists: ImportLists | null;
  contactsImport: RecordImportService;
  companiesImport: RecordImportService;
  log: Log;
  limits?: { maxBytes?: number; maxRows?: number };
  /** The audit log: an import started or undone is recorded in that use case's unit of work. */
  audit?: Pick<AuditService, 'recordIn'>;
  preflightRepo?: ImportPreflightRepository;
};

/** Preamble lines a file may have before its header, on top of the row limit. */
const PREAMBLE_ALLOWANCE = 50;
const SNIFF_FIRST_BYTES = 8192;

const encodeCursor = (r: { createdAt: Date; id: string }) =>
  Buffer.from(`${r.createdAt.toISOString()}|${r.id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw badRequest('invalid_cursor', 'The cursor is not valid');
  return { createdAt, id };
}

function secondsLeft(r: ImportRow, fraction: number): number | null {
  if (r.status !== 'processing' || !r.startedAt || fraction < 0.02) return null;
  const elapsed = (Date.now() - r.startedAt.getTime()) / 1000;
  return Math.max(0, Math.round((elapsed * (1 - fraction)) / fraction));
}

export function toImport(r: ImportWithUser): Import {
  const progress = {
    rowsDone: r.rowsDone,
    rowsRead: r.rowsRead,
    rowsTotal: r.rowsTotal,
    rowsTotalExact: r.rowsTotalExact,
    phase: r.phase,
    rowsPerSecond: Math.round(r.rowsPerSecond),
    secondsLeft: null as number | null,
    fraction: 0,
    updatedAt: r.progressAt ? r.progressAt.toISOString() : null,
  };
  progress.fraction = ['completed', 'completed_with_errors'].includes(r.status) ? 1 : importFraction(progress);
  progress.secondsLeft = secondsLeft(r, progress.fraction);
  return {
    id: r.id,
    fileName: r.fileName,
    fileSize: r.fileSize,
    fileType: r.fileType,
    entity: r.entity,
    status: r.status,
    encoding: r.encoding,
    delimiter: r.delimiter,
    headerRow: r.headerRow,
    sheet: r.sheet,
    sheets: r.sheets,
    columns: r.columns,
    mapping: r.mapping,
    mappingRemembered: r.mappingRemembered,
    options: r.options,
    progress,
    counts: {
      rows: r.createdCount + r.updatedCount + r.duplicatesCount + r.suppressedCount + r.errorsCount,
      created: r.createdCount,
      updated: r.updatedCount,
      duplicates: r.duplicatesCount,
      duplicatesInFile: r.duplicatesInFile,
      suppressed: r.suppressedCount,
      errors: r.errorsCount,
      warnings: r.warningsCount,
      ownersNotMembers: r.ownersNotMembersCount,
    },
    error: r.error,
    listId: r.listId,
    createdBy: r.createdBy,
    createdByName: r.createdByName,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt ? r.startedAt.toISOString() : null,
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    cancelRequested: r.cancelRequestedAt !== null,
    undoneAt: r.undoneAt ? r.undoneAt.toISOString() : null,
    undoneCount: r.undoneCount,
    fileDeletedAt: r.fileDeletedAt ? r.fileDeletedAt.toISOString() : null,
    fileDeletedReason: r.fileDeletedReason ?? null,
  };
}

/** The uploaded file went by retention or an erasure request (modules/privacy). */
const fileGone = (what: string) =>
  new AppError(410, 'file_deleted', `The ${what} of this import was deleted (uploaded files are kept for a set number of days); its counts remain`);

/** An import as its detail answers it (the preview, the entity hint while it is being mapped). */
export const toDetail = (row: ImportWithUser): ImportDetail => ({
  ...toImport(row),
  preview: { records: row.preview, firstRecord: 1 },
  entityHint:
    row.status === 'uploaded' || row.status === 'mapping'
      ? entityHint(row.entity, row.columns.map((c) => ({ ...c, profile: c.profile as ColumnProfile | undefined })))
      : null,
});

/**
 * An import's detail read on the caller's transaction (404 when it is not the workspace's): what
 * the enricher reads in its unit of work, without the imports service (which runs the processor,
 * which runs the enricher: no cycle in the container).
 */
export const importDetailIn =
  (repo: Pick<ImportsRepository, 'find'>) =>
  async (tx: Tx, ctx: RequestContext, id: string): Promise<ImportDetail> => {
    const row = await repo.find(tx, ctx.workspaceId, id);
    if (!row) throw notFound('Import');
    return toDetail(row);
  };

/** A cell of the error report: formulas neutralised (a phone's leading + is left alone). */
export function reportCell(v: string): string {
  return /^[=+\-@\t\r]/.test(v) && !/^[+-]?[\d\s().\-/]+$/.test(v) ? `'${v}` : v;
}

export type UploadedFile = { fileName: string; stream: Readable & { truncated?: boolean }; entity?: Entity };

export function createImportsService(deps: ImportsDeps) {
  const { uow, repo, storage } = deps;
  const preflightRepo = deps.preflightRepo ?? createImportPreflightRepository();
  const maxBytes = deps.limits?.maxBytes ?? IMPORT_MAX_BYTES;
  const maxRows = deps.limits?.maxRows ?? IMPORT_MAX_ROWS;

  /** The caller's import, in the use case's transaction; 404 for another workspace's. */
  const load = async (tx: Tx, ctx: RequestContext, id: string) => {
    const row = await repo.find(tx, ctx.workspaceId, id);
    if (!row) throw notFound('Import');
    return row;
  };
  const loadAlone = (ctx: RequestContext, id: string) => uow.tenant(ctx, (tx) => load(tx, ctx, id));

  const customRefsIn = async (tx: Tx, workspaceId: string, entity: Entity): Promise<CustomFieldRef[]> =>
    (await deps.customFields.definitionsIn(tx, workspaceId, entity))
      .filter((d) => !d.archived)
      .map((d) => ({ key: d.key, label: d.label }));

  /** Columns with suggestions, and the mapping: the user's remembered one for these headers, else the suggestions. */
  async function describeIn(tx: Tx, ctx: RequestContext, entity: Entity, analysis: FileAnalysis) {
    const refs = await customRefsIn(tx, ctx.workspaceId, entity);
    const suggested = assignColumns(entity, analysis.columns, refs);
    const columns: StoredImportColumn[] = analysis.columns.map((c) => {
      const s = suggested.get(c.index);
      return { ...c, suggestedTarget: s?.target ?? 'ignore', ...(s ? { suggestion: { reason: s.reason, confidence: s.confidence, review: s.review } } : {}) };
    });
    const signature = headerSignature(entity, analysis.headers);
    const remembered = await repo.rememberedMapping(tx, ctx.workspaceId, ctx.userId, entity, signature);
    let mapping: StoredImportMapping = columns.map((c) => ({ index: c.index, target: c.suggestedTarget }));
    let mappingRemembered = false;
    if (remembered && mappingProblems(entity, remembered, columns.length, refs).length === 0) {
      const byIndex = new Map(remembered.map((m) => [m.index, m.target]));
      mapping = columns.map((c) => ({ index: c.index, target: byIndex.get(c.index) ?? 'ignore' }));
      mappingRemembered = true;
    }
    return { columns, mapping, mappingRemembered, signature, refs };
  }

  /** Streams the upload to storage, refusing an unreadable type, and a file over the size or row limit, as it arrives. */
  async function receive(
    key: string,
    file: UploadedFile,
  ): Promise<{ bytes: number; type: TabularType; records: number | null }> {
    let type: TabularType | null = null;
    let counter: ReturnType<typeof createRecordCounter> | null = null;
    let seen = 0;
    async function* checked() {
      let head: Buffer[] = [];
      let headBytes = 0;
      const decide = (buf: Buffer) => {
        const verdict = detectFileType(buf, file.fileName);
        if (!verdict.type) throw badRequest('unsupported_file_type', verdict.reason);
        type = verdict.type;
        if (type === 'csv') counter = createRecordCounter(detectEncoding(buf).encoding);
      };
      const pass = (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > maxBytes) throw tooLarge();
        counter?.push(chunk);
        if (counter && counter.records > maxRows + 1 + PREAMBLE_ALLOWANCE) throw tooManyRows();
        return chunk;
      };
      for await (const chunk of file.stream as AsyncIterable<Buffer>) {
        if (type === null) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes < SNIFF_FIRST_BYTES) continue;
          const buf = Buffer.concat(head);
          head = [];
          decide(buf);
          yield pass(buf);
          continue;
        }
        yield pass(chunk);
      }
      if (type === null && headBytes > 0) {
        const buf = Buffer.concat(head);
        decide(buf);
        yield pass(buf);
      }
    }
    try {
      const { bytes } = await storage.write(key, checked());
      if (file.stream.truncated) throw tooLarge();
      return { bytes, type: type ?? 'csv', records: counter ? (counter as { records: number }).records : null };
    } catch (err) {
      await storage.remove(key).catch(() => {});
      // the rest of the upload is read and dropped, so the client gets the answer
      file.stream.resume();
      throw err;
    }
  }

  const tooLarge = () =>
    new AppError(
      413,
      'file_too_large',
      `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB: split it into smaller files and import each`,
    );
  const tooManyRows = () =>
    new AppError(
      413,
      'too_many_rows',
      `The file has more than ${maxRows.toLocaleString('en-US')} rows: split it into smaller files and import each`,
    );

  async function reanalyze(imp: ImportRow, format: FileFormat) {
    return analyzeFile(storage, imp.storageKey, imp.fileType, imp.fileSize, format);
  }

  const detail = async (ctx: RequestContext, id: string): Promise<ImportDetail> => toDetail(await loadAlone(ctx, id));

  function checkMapping(entity: Entity, mapping: ImportMappingItem[], columnCount: number, refs: CustomFieldRef[]) {
    const problems = mappingProblems(entity, mapping, columnCount, refs);
    if (problems.length > 0) {
      throw new AppError(
        400,
        'validation_failed',
        problems.length === 1 ? problems[0]!.message : 'Some columns are mapped wrongly',
        {
          errors: problems,
        },
      );
    }
  }

  /** The options checked in the caller's unit of work (a 400 naming the option). */
  async function checkOptionsIn(tx: Tx, ctx: RequestContext, entity: Entity, o: ImportOptions) {
    if (o.listId && o.newListName)
      throw invalidField('options.newListName', 'Choose an existing list or name a new one, not both');
    if (o.ownerId && !(await deps.memberExistsIn(tx, ctx, o.ownerId)))
      throw invalidField('options.ownerId', 'Choose a member of this workspace');
    if ((o.listId || o.newListName) && !deps.lists) {
      throw invalidField(o.listId ? 'options.listId' : 'options.newListName', 'Lists are not available yet');
    }
    if (o.listId && deps.lists) await deps.lists.checkForImportIn(tx, ctx, o.listId, entity);
  }

  return {
    async upload(ctx: RequestContext, file: UploadedFile): Promise<ImportDetail> {
      const fileName = cutText(file.fileName.replace(/[\\/]/g, '_'), 255) || 'upload.csv';
      const id = newId();
      const key = `imports/${ctx.workspaceId}/${id}`;
      const received = await receive(key, file);
      try {
        if (received.bytes === 0) throw badRequest('empty_file', 'The file is empty');
        const entity: Entity = file.entity ?? 'contacts';
        const analysis = await analyzeFile(
          storage,
          key,
          received.type,
          received.bytes,
          {},
          received.records ?? undefined,
        );
        if (analysis.rowsTotalExact && analysis.rowsTotal > maxRows) throw tooManyRows();
        // one unit, after the file is stored and read (outside any transaction): the columns
        // described, then the import written; it exists only once every check passed
        const row = await uow.tenant(ctx, async (tx) => {
          const described = await describeIn(tx, ctx, entity, analysis);
          await repo.insert(tx, {
          workspaceId: ctx.workspaceId,
          id,
          fileName,
          fileSize: received.bytes,
          fileType: received.type,
          storageKey: key,
          entity,
          status: 'mapping',
          encoding: analysis.encoding,
          delimiter: analysis.delimiter,
          headerRow: analysis.headerRow,
          sheet: analysis.sheet,
          sheets: analysis.sheets,
          columns: described.columns,
          preview: analysis.preview,
          mapping: described.mapping,
          mappingRemembered: described.mappingRemembered,
          headerSignature: described.signature,
          options: { ...defaultImportOptions, createCompanies: entity === 'contacts' },
          rowsTotal: analysis.rowsTotal,
          rowsTotalExact: analysis.rowsTotalExact,
          createdBy: ctx.userId,
          createdByMember: ctx.memberId,
          });
          return load(tx, ctx, id);
        });
        return toDetail(row);
      } catch (err) {
        await storage.remove(key).catch(() => {});
        throw err;
      }
    },

    async list(
      ctx: RequestContext,
      q: { limit: number; cursor?: string; status?: ImportListQuery['status'] | string[]; entity?: Entity },
    ): Promise<ImportPage> {
      const rows = await uow.tenant(ctx, (tx) => repo.list(tx, ctx.workspaceId, {
        limit: q.limit + 1,
        cursor: decodeCursor(q.cursor),
        statuses: q.status as string[] | undefined,
        entity: q.entity,
      }));
      const page = rows.slice(0, q.limit);
      return {
        data: page.map(toImport),
        nextCursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]!) : null,
      };
    },

    get: detail,
    /** The same in the caller's unit of work (the enrich preview and summary: one unit with their reads). */
    getIn: importDetailIn(repo),

    async update(ctx: RequestContext, id: string, body: UpdateImportBody): Promise<ImportDetail> {
      /** The import may still change, and the body fits its file type. */
      const updatable = (imp: ImportRow) => {
        if (imp.status !== 'uploaded' && imp.status !== 'mapping') {
          throw conflict('The import has started: its file settings, mapping and options can no longer change');
        }
        if (body.encoding !== undefined && imp.fileType !== 'csv')
          throw invalidField('encoding', 'Only a CSV file has an encoding to choose');
        if (body.delimiter !== undefined && imp.fileType !== 'csv')
          throw invalidField('delimiter', 'Only a CSV file has a delimiter to choose');
        if (body.sheet !== undefined && imp.fileType !== 'xlsx')
          throw invalidField('sheet', 'Only an Excel workbook has sheets');
        if (body.headerRow !== undefined && body.headerRow !== 1 && imp.fileType === 'vcf')
          throw invalidField('headerRow', 'A vCard file has no header row to choose: its columns come from its cards');
        return imp;
      };
      const reformat =
        body.encoding !== undefined ||
        body.delimiter !== undefined ||
        body.headerRow !== undefined ||
        body.sheet !== undefined;
      // a new file format reads the file again, outside any transaction (reading the uploaded file
      // must not hold one): the import is loaded for it first, then checked again in the write's unit
      let analysis: FileAnalysis | null = null;
      if (reformat) {
        const before = updatable(await loadAlone(ctx, id));
        analysis = await reanalyze(before, {
          encoding: body.encoding ?? before.encoding ?? undefined,
          delimiter: body.delimiter ?? before.delimiter ?? undefined,
          sheet: body.sheet ?? before.sheet ?? undefined,
          // a new encoding, delimiter or sheet finds its header again unless one is given
          headerRow: body.headerRow ?? (body.encoding || body.delimiter || body.sheet ? undefined : before.headerRow),
        });
      }
      // one unit: the checks, the columns described and the change written (the change commits only
      // if the import has not started meanwhile)
      return uow.tenant(ctx, async (tx) => {
        const imp = updatable(await load(tx, ctx, id));
        const entity = body.entity ?? imp.entity;
        const patch: ImportPatch = {};
        let columns = imp.columns;
        let mapping = imp.mapping;
        if (reformat || entity !== imp.entity) {
          const headersBefore = imp.columns.map((c) => c.header);
          const described = analysis
            ? await describeIn(tx, ctx, entity, analysis)
            : await describeIn(tx, ctx, entity, {
                headers: headersBefore,
                columns: imp.columns.map(({ index, header, samples, profile }) => ({ index, header, samples, profile })),
              } as FileAnalysis);
          const sameHeaders = analysis ? JSON.stringify(analysis.headers) === JSON.stringify(headersBefore) : true;
          columns = described.columns;
          mapping = sameHeaders && entity === imp.entity ? imp.mapping : described.mapping;
          Object.assign(patch, {
            entity,
            columns,
            mapping,
            mappingRemembered: sameHeaders && entity === imp.entity ? imp.mappingRemembered : described.mappingRemembered,
            headerSignature: described.signature,
          });
          if (analysis) {
            Object.assign(patch, {
              encoding: analysis.encoding,
              delimiter: analysis.delimiter,
              headerRow: analysis.headerRow,
              sheet: analysis.sheet,
              preview: analysis.preview,
              rowsTotal: analysis.rowsTotal,
              rowsTotalExact: analysis.rowsTotalExact,
            });
          }
          if (entity !== imp.entity && body.options?.createCompanies === undefined) {
            patch.options = { ...imp.options, createCompanies: entity === 'contacts', listId: null };
          }
        }
        if (body.mapping !== undefined) {
          const refs = await customRefsIn(tx, ctx.workspaceId, entity);
          checkMapping(entity, body.mapping, columns.length, refs);
          if (
            body.mapping.some((m) => m.target.startsWith('new-custom:')) &&
            !ctx.permissions.includes('settings:manage')
          ) {
            throw forbidden(
              'Only owners and admins can create custom fields: map the column to an existing field or ignore it',
            );
          }
          const byIndex = new Map(body.mapping.map((m) => [m.index, m.target]));
          mapping = columns.map((c) => ({ index: c.index, target: byIndex.get(c.index) ?? 'ignore' }));
          patch.mapping = mapping;
          patch.mappingRemembered = false;
        }
        if (body.options !== undefined) {
          const options: ImportOptions = { ...(patch.options ?? imp.options), ...body.options };
          if (entity === 'companies') options.createCompanies = false;
          await checkOptionsIn(tx, ctx, entity, options);
          patch.options = options;
        }
        const ok = await repo.transition(tx, ctx.workspaceId, id, ['uploaded', 'mapping'], patch);
        if (!ok) throw conflict('The import has started: its file settings, mapping and options can no longer change');
        return toDetail(await load(tx, ctx, id));
      });
    },

    /** The first rows tried with a mapping: what the import would do, before it starts. Writes nothing. */
    async preflight(ctx: RequestContext, id: string, body: ImportPreflightBody): Promise<ImportPreflight> {
      // one unit: the import loaded and checked, the mapping checked against the custom fields, the
      // row context and the members (the owner column is checked against them, as the run will:
      // issue 26), the first rows read with them (a bounded sample of the file), then their
      // identities looked up
      const { imp, tried, rows, existing, suppressed } = await uow.tenant(ctx, async (tx) => {
        const imp = await load(tx, ctx, id);
        if (imp.status !== 'uploaded' && imp.status !== 'mapping') {
          throw conflict('The import has started: see its progress and counts instead');
        }
        if (imp.fileDeletedAt) throw fileGone('file');
        let mapping = imp.mapping;
        if (body.mapping) {
          checkMapping(imp.entity, body.mapping, imp.columns.length, await customRefsIn(tx, ctx.workspaceId, imp.entity));
          const byIndex = new Map(body.mapping.map((m) => [m.index, m.target]));
          mapping = imp.columns.map((c) => ({ index: c.index, target: byIndex.get(c.index) ?? 'ignore' }));
        }
        // a custom field created at the start holds nothing yet: its column is left out of the trial
        const tried = mapping.map((m) => (m.target.startsWith('new-custom:') ? { ...m, target: 'ignore' } : m));
        const svc = imp.entity === 'contacts' ? deps.contactsImport : deps.companiesImport;
        const unknownOwners = body.unknownOwners ?? imp.options.unknownOwners ?? 'owner';
        const rowCtx = await svc.rowContextIn(tx, ctx.workspaceId);
        const members = await preflightRepo.memberKeys(tx, ctx.workspaceId);
        const reader = rowReader({ ...imp, mapping: tried }, { ...rowCtx, members, unknownOwners });
        const rows: TriedRow[] = [];
        read: for await (const chunk of fileRecords(storage, imp)) {
          for (let i = 0; i < chunk.records.length; i++) {
            const cells = chunk.records[i]!;
            if (chunk.first + i < imp.headerRow || cells.every((v) => v.trim() === '')) continue;
            rows.push({ cells, outcome: reader.read(cells) });
            if (rows.length >= IMPORT_PREFLIGHT_ROWS) break read;
          }
        }
        const keys = rowKeys(rows);
        return {
          imp,
          tried,
          rows,
          existing: await preflightRepo.existingKeys(tx, ctx.workspaceId, imp.entity, keys),
          suppressed: await preflightRepo.suppressedKeys(tx, ctx.workspaceId, imp.entity, keys),
        };
      });
      return summarisePreflight({
        entity: imp.entity,
        columns: imp.columns,
        mapping: new Map(tried.map((m) => [m.index, m.target])),
        rows,
        existing,
        suppressed,
        duplicates: body.duplicates ?? imp.options.duplicates,
      });
    },

    async start(ctx: RequestContext, id: string): Promise<ImportDetail> {
      // one unit of work: the import loaded and checked (mapping, options), the new custom fields
      // and list, the queued import and the remembered mapping
      const queued = await uow.tenant(ctx, async (tx) => {
        const imp = await load(tx, ctx, id);
        if (imp.status !== 'mapping' && imp.status !== 'uploaded') {
          throw conflict(
            imp.status === 'queued' || imp.status === 'processing'
              ? 'The import is already running'
              : 'The import has ended: upload the file again to import it again',
          );
        }
        // an upload left unstarted past the workspace's retention has lost its file (modules/privacy)
        if (imp.fileDeletedAt) throw fileGone('uploaded file');
        const refs = await customRefsIn(tx, ctx.workspaceId, imp.entity);
        checkMapping(imp.entity, imp.mapping, imp.columns.length, refs);
        const targets = new Set(imp.mapping.map((m) => m.target));
        const identity =
          imp.entity === 'contacts' ? ['email', 'firstName', 'lastName', 'fullName'] : ['name', 'domain', 'website'];
        if (!identity.some((t) => targets.has(t))) {
          throw badRequest(
            'mapping_incomplete',
            imp.entity === 'contacts'
              ? 'Map a column to Email or to a name (first, last or full name): a contact needs one of them'
              : 'Map a column to the company Name, Domain or Website',
          );
        }
        const options = imp.options;
        await checkOptionsIn(tx, ctx, imp.entity, options);
        // new custom fields are created now, not while mapping: an abandoned import leaves none behind
        const mapping = [...imp.mapping];
        const newFields = mapping.filter((m) => m.target.startsWith('new-custom:'));
        if (newFields.length > 0 && !ctx.permissions.includes('settings:manage')) {
          throw forbidden(
            'Only owners and admins can create custom fields: map the column to an existing field or ignore it',
          );
        }
        for (const m of newFields) {
          const label = m.target.slice('new-custom:'.length).trim();
          const field = await deps.customFields.createIn(tx, ctx, { entity: imp.entity, label, type: 'text' });
          m.target = `custom:${field.key}`;
        }
        let listId = options.listId;
        if (!listId && options.newListName && deps.lists)
          listId = await deps.lists.createForImportIn(tx, ctx, options.newListName, imp.entity);
        const ok = await repo.transition(tx, ctx.workspaceId, id, ['mapping', 'uploaded'], {
          status: 'queued',
          mapping,
          listId,
          phase: 'waiting',
        });
        if (!ok) throw conflict('The import is already running');
        if (imp.headerSignature) {
          await repo.rememberMapping(tx, ctx.workspaceId, ctx.userId, imp.entity, imp.headerSignature, mapping);
        }
        await deps.audit?.recordIn(tx, ctx, {
          action: 'import.started',
          target: { type: 'import', id, label: imp.fileName },
          details: { entity: imp.entity, rows: imp.rowsTotal, rowsExact: imp.rowsTotalExact, enrich: !!options.enrich },
        });
        return load(tx, ctx, id);
      });
      await enqueueImport(deps.jobs, deps.processor, { workspaceId: ctx.workspaceId, importId: id }, deps.log);
      return toDetail(queued);
    },

    async cancel(ctx: RequestContext, id: string): Promise<ImportDetail> {
      return uow.tenant(ctx, async (tx) => {
        const imp = await load(tx, ctx, id);
        // an enriching import spends its starter's credits: a bulk job of theirs (decision 0027)
        if (imp.options.enrich && imp.createdByMember && !mayCancel(ctx, imp.createdByMember)) {
          throw forbidden('Only the member who started this enriching import, an owner or an admin can cancel it');
        }
        if (imp.status === 'uploaded' || imp.status === 'mapping' || imp.status === 'queued') {
          // not running yet: it ends here (the processor finds it cancelled and leaves it)
          const ok = await repo.transition(tx, ctx.workspaceId, id, ['uploaded', 'mapping', 'queued'], {
            status: 'cancelled',
            phase: 'done',
            cancelRequestedAt: new Date(),
            finishedAt: new Date(),
          });
          if (ok) return toDetail(await load(tx, ctx, id));
        }
        // running: the processor stops at its next commit
        const ok = await repo.transition(tx, ctx.workspaceId, id, ['processing'], {
          cancelRequestedAt: imp.cancelRequestedAt ?? new Date(),
        });
        if (!ok) throw conflict('The import has already ended');
        return toDetail(await load(tx, ctx, id));
      });
    },

    async undo(ctx: RequestContext, id: string) {
      const check = (imp: ImportWithUser) => {
        if (!['completed', 'completed_with_errors', 'cancelled', 'failed'].includes(imp.status)) {
          throw conflict('Wait for the import to end (or cancel it) before undoing it');
        }
        if (imp.undoneAt) throw conflict('This import has already been undone');
        if (imp.createdBy !== ctx.userId && !ctx.permissions.includes('records:delete-any')) {
          throw forbidden('Only the person who uploaded the file, an admin or the owner can undo an import');
        }
      };
      // one unit of work, its checks first: the records go and the import is marked undone together
      return uow.tenant(ctx, async (tx) => {
        const imp = await load(tx, ctx, id);
        check(imp);
        const writer = imp.entity === 'contacts' ? deps.contactsImport : deps.companiesImport;
        const result = await writer.undoIn(tx, ctx.workspaceId, id);
        await repo.update(tx, ctx.workspaceId, id, { undoneAt: new Date(), undoneCount: result.removed });
        await deps.audit?.recordIn(tx, ctx, {
          action: 'import.undone',
          target: { type: 'import', id, label: imp.fileName },
          details: { entity: imp.entity, removed: result.removed },
        });
        return result;
      });
    },

    /**
     * Discards an upload left before its start (status uploaded or mapping): the import and its
     * stored file go, so an abandoned upload leaves the history. One that started is undone instead.
     */
    async discard(ctx: RequestContext, id: string): Promise<void> {
      const key = await uow.tenant(ctx, async (tx) => {
        const imp = await load(tx, ctx, id);
        if (imp.status !== 'uploaded' && imp.status !== 'mapping') {
          throw conflict('The import has started: it can no longer be discarded (undo it to remove what it created)');
        }
        if (imp.createdBy !== ctx.userId && !ctx.permissions.includes('records:delete-any')) {
          throw forbidden('Only the person who uploaded the file, an admin or the owner can discard it');
        }
        const removed = await repo.discard(tx, ctx.workspaceId, id, ['uploaded', 'mapping']);
        if (!removed) throw conflict('The import has started: it can no longer be discarded (undo it to remove what it created)');
        return removed;
      });
      // the file goes once the import row is gone (a failure here leaves an orphan file, never a dangling row)
      await storage.remove(key).catch((err: unknown) => deps.log.error({ err, importId: id }, 'import: discarded file not removed'));
    },

    async errors(ctx: RequestContext, id: string, q: { limit: number; cursor?: string }): Promise<ImportErrorPage> {
      let after: { row: number; seq: number } | undefined;
      if (q.cursor) {
        const m = q.cursor.match(/^(\d+):(\d+)$/);
        if (!m) throw badRequest('invalid_cursor', 'The cursor is not valid');
        after = { row: Number(m[1]), seq: Number(m[2]) };
      }
      const { rows, total } = await uow.tenant(ctx, async (tx) => {
        await load(tx, ctx, id);
        return repo.errorsPage(tx, ctx.workspaceId, id, { limit: q.limit + 1, after });
      });
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        data: page.map(({ rowNumber, column, value, reason, kind }) => ({ rowNumber, column, value, reason, kind })),
        nextCursor: rows.length > q.limit && last ? `${last.rowNumber}:${last.seq}` : null,
        total,
      };
    },

    /** The rows left out as suppressed, in file order, each with the entry that matched. */
    async suppressed(ctx: RequestContext, id: string, q: { limit: number; cursor?: string }): Promise<ImportSuppressedPage> {
      let afterRow: number | undefined;
      if (q.cursor) {
        if (!/^\d{1,9}$/.test(q.cursor)) throw badRequest('invalid_cursor', 'The cursor is not valid');
        afterRow = Number(q.cursor);
      }
      const { rows, total } = await uow.tenant(ctx, async (tx) => {
        await load(tx, ctx, id);
        return repo.suppressedPage(tx, ctx.workspaceId, id, { limit: q.limit + 1, afterRow });
      });
      const page = rows.slice(0, q.limit);
      return {
        data: page.map((r) => ({
          rowNumber: r.rowNumber,
          value: r.key,
          name: r.name,
          entry: { id: r.entryId, kind: r.entryKind, value: r.entryValue, reason: r.entryReason },
        })),
        nextCursor: rows.length > q.limit ? String(page[page.length - 1]!.rowNumber) : null,
        total,
      };
    },

    /**
     * The rows with a problem as uploaded, plus a kind column (error: left out; warning:
     * imported without some cells) and a reason column: fix them and upload this file again
     * (the mapping leaves the report's own two columns unmapped).
     */
    async errorReport(ctx: RequestContext, id: string) {
      const imp = await loadAlone(ctx, id);
      if (imp.fileDeletedReason === 'retention') throw fileGone('error report');
      const header = [...imp.columns.map((c) => c.header), ERROR_REPORT_KIND_HEADER, ERROR_REPORT_REASON_HEADER];
      const width = imp.columns.length;
      const base = imp.fileName.replace(/\.[^.]+$/, '');
      return {
        fileName: `${base}-errors.csv`,
        header: header.map(reportCell),
        async *rows(): AsyncGenerator<string[]> {
          let after = 0;
          for (;;) {
            // a page per transaction: the download may take as long as the client reads
            const page = await uow.tenant(ctx, (tx) => repo.failedRows(tx, ctx.workspaceId, id, after, 2000));
            for (const r of page) {
              const cells = (r.record ?? []).slice(0, width);
              while (cells.length < width) cells.push('');
              yield [...cells.map(reportCell), r.kind, r.reasons];
            }
            if (page.length < 2000) return;
            after = page[page.length - 1]!.rowNumber;
          }
        },
      };
    },

    async file(ctx: RequestContext, id: string) {
      const imp = await loadAlone(ctx, id);
      if (imp.fileDeletedAt) throw fileGone('original file');
      return {
        fileName: imp.fileName,
        size: imp.fileSize,
        contentType: FILE_CONTENT_TYPES[imp.fileType],
        stream: storage.read(imp.storageKey),
      };
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
