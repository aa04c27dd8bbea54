import type { BulkSelection, FilterNode, GridField, MergeBody, RecordSource } from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { forbidden, invalidFields, notFound, type AppError } from '../../lib/errors.js';
import { compileFilter, parseFilterParam } from '../../lib/filters/compile.js';
import { resolveSort } from '../../lib/filters/keyset.js';
import { diffFields } from '../../lib/filters/diff.js';
import { chooseColumns, inZone, parseIdList } from '../../lib/filters/export-columns.js';
import { isForeignKeyViolation, isUniqueViolation, pgErrorOf } from '../../lib/filters/pg-error.js';
import { newId } from '../../lib/ids.js';
import { EXPORT_TIMELINE_LIMIT, type ActivityService } from '../activity/activity.service.js';
import { displayValue, validateValues, type FieldError, type ValueDef } from '../custom-fields/custom-field-values.js';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service.js';
import type { ListScope, ListsService, GridSelection as ListSelection } from '../lists/lists.service.js';
import type { NotesService } from '../notes/notes.service.js';
import type { WebhookEvents } from '../webhooks/webhooks.service.js';
import type { AuditService } from '../audit/audit.service.js';
import { mergeValues } from './merge-values.js';
import { createRecordBulkEdits } from './record-bulk-edit.service.js';
import { createRecordBulkJobs, type BulkJobQueue } from './record-bulk-jobs.service.js';
import type { BaseRecord, GridSpec, RecordEntity, RecordSql, RecordWrite } from './record-spec.js';
import { createRecordsRepository, type RecordsRepository } from './records.repository.js';

/** What makes contacts contacts and companies companies, beyond their SQL. */
export type RecordRules<R extends BaseRecord, D, B> = {
  sql: RecordSql;
  /** One record in messages: `contact`, `company`. */
  one: string;
  /** Standard fields a request or a merge can write (their order is the timeline's). */
  writable: readonly (keyof R & string)[];
  labels: Record<string, string>;
  /** Reference fields the timeline shows by a name of the row (ownerId → ownerName). */
  refNames: Record<string, string>;
  /** Grid columns computed per row, beyond the filterable fields (companies: contactCount). */
  extraFields?: GridField[];
  toDto: (rec: R, defs: ValueDef[]) => D;
  /** Standard body fields → column values, with an error per bad field (`current` null on create). */
  normalize: (body: B, current: R | null, phoneRegion: string) => { write: RecordWrite; errors: FieldError[] };
  /** The entity's own rule that a record is somebody (contacts: a name or an email); null when it holds. */
  identified?: (write: RecordWrite) => FieldError | null;
  /** The identity (normalised email, domain) a write sets, and the 409 when another record holds it. */
  identity: { constraint: string; of: (write: RecordWrite) => string | null | undefined; taken: (existingId: string) => AppError };
  /** Foreign keys a request can name: a constraint-name fragment and the field to blame. */
  foreignKeys: [fragment: string, error: FieldError][];
  /** The merged record on the kept one's timeline. */
  nameOf: (rec: R) => string | null;
  /** Before an insert, or an edit that changes the identity (contacts: link the email's company). */
  beforeWrite?: (tx: Tx, ctx: RequestContext, write: RecordWrite, current: R | null) => Promise<void>;
  /** What else points at a merged record and follows it to the kept one (companies: contacts). */
  onMerge?: (tx: Tx, ctx: RequestContext, fromId: string, toId: string) => Promise<void>;
  /**
   * What a record keeps beside its row (contacts: additional emails and phones, issue 26): these
   * keys of a normalised write are no columns; `writeIn` stores those given after the row (each
   * replaces its list); `merged` says what a merge keeps of both (or why it can't).
   */
  related?: {
    fields: readonly string[];
    display: (value: unknown) => unknown;
    writeIn: (tx: Tx, workspaceId: string, id: string, values: RecordWrite) => Promise<void>;
    merged: (keep: R, gone: R, write: RecordWrite) => { values: RecordWrite } | { error: FieldError };
  };
};

/** Narrow dependencies: each use case calls them inside its own unit of work. */
export type RecordsDeps<R extends BaseRecord> = {
  uow: UnitOfWork;
  /** Built from the rules' SQL unless given (tests wrap it to fail at a chosen step). */
  recordsRepo?: RecordsRepository<R>;
  customFields: Pick<CustomFieldsService, 'definitionsIn' | 'definitionsForRead'>;
  activity: Pick<ActivityService, 'recordIn' | 'moveAllIn' | 'logExportIn'>;
  notes: Pick<NotesService, 'moveAllIn'>;
  lists: Pick<ListsService, 'moveMembershipsIn'>;
  /** The workspace's default phone region (ISO country code) for numbers without +country; read on `tx` when given. */
  phoneRegion: (workspaceId: string, tx?: Tx) => Promise<string>;
  /** Webhooks: `contact.created` … `company.deleted`, written in each change's own transaction. */
  events?: WebhookEvents;
  /** The audit log: bulk deletes and exports are recorded in their own units of work. */
  audit?: Pick<AuditService, 'recordIn'>;
  /** Bulk edits and deletes by filter go to this queue (pg-boss); without it they run in this process. */
  bulkQueue?: BulkJobQueue;
  /** Where a failed bulk job is logged. */
  log?: { error: (obj: object, msg?: string) => void };
};

type ListQuery = { limit: number; cursor?: string; q?: string; sort?: string; filter?: string; count?: boolean };
type ExportQuery = { q?: string; sort?: string; filter?: string; columns?: string; ids?: string; includeSuppressed?: boolean; tz?: string };
export type RecordOrigin = { source?: RecordSource; importId?: string | null };

const specOf = (q: { q?: string; filter?: string | null }): GridSpec => ({ q: q.q, filter: parseFilterParam(q.filter) });
/** Use cases whose statements may read every record: they take a heavy slot (decision 0029). */
const HEAVY = { heavy: true } as const;
/** A grid read with a quick search or a filter reads as many rows as it must; a plain page reads one index range. */
const searched = (spec: GridSpec) => ({ heavy: !!(spec.q || spec.filter) });
const selectionSpec = (sel: BulkSelection): GridSpec =>
  'ids' in sel
    ? { ids: sel.ids }
    : { q: sel.matching.q, filter: sel.matching.filter ?? null, filterPath: 'selection.matching.filter', listId: sel.matching.listId };

/** The workspace's phone region per unit of work, for createManyIfAbsentIn (contacts' and companies'). */
const regionsByTx = new WeakMap<Tx, Promise<string>>();

/**
 * The use cases of contacts and companies, for either by its rules. Each one that writes runs
 * in one unit of work: it commits or rolls back as a whole (a merge moves notes, history and
 * list memberships, deletes one record and updates the other, or does none of it).
 */
export function createRecordsService<R extends BaseRecord, D, B extends { customFields?: Record<string, unknown> }>(
  rules: RecordRules<R, D, B>,
  deps: RecordsDeps<R>,
) {
  const { uow, activity } = deps;
  const repo = deps.recordsRepo ?? createRecordsRepository<R>(rules.sql);
  const entity: RecordEntity = rules.sql.entity;
  const plural = entity;

  const defsIn = (tx: Tx, workspaceId: string) => deps.customFields.definitionsIn(tx, workspaceId, entity);
  /** A read use case's definitions: cached per process while unchanged (one round trip less, issue 13). */
  const defsForRead = (tx: Tx, workspaceId: string) => deps.customFields.definitionsForRead(tx, workspaceId, entity);
  /** A grid's page and, when asked, its total, on the read unit `tx` (one connection). */
  async function listSpecIn(tx: Tx, ctx: RequestContext, spec: GridSpec, query: ListQuery) {
    const defs = await defsForRead(tx, ctx.workspaceId);
    const page = await repo.page(tx, ctx.workspaceId, defs, spec, query);
    const total = query.count ? await repo.count(tx, ctx.workspaceId, defs, spec) : undefined;
    return { data: page.rows.map((r) => rules.toDto(r, defs)), nextCursor: page.nextCursor, ...(total !== undefined ? { total } : {}) };
  }
  /** A webhook event about one record (`contact.updated`), with the record as the API shows it. */
  const eventType = (action: 'created' | 'updated' | 'deleted') => `${rules.sql.entity === 'contacts' ? 'contact' : 'company'}.${action}` as const;
  const emitIn = (tx: Tx, ctx: RequestContext, action: 'created' | 'updated' | 'deleted', data: unknown) =>
    deps.events?.emitIn(tx, ctx, eventType(action), data);

  const load = async (tx: Tx, ctx: RequestContext, id: string) => {
    const rec = await repo.find(tx, ctx.workspaceId, id);
    if (!rec) throw notFound(rules.one[0]!.toUpperCase() + rules.one.slice(1));
    return rec;
  };

  /** Owners and admins manage every record; a member only those they own or created. */
  const managesAny = (ctx: RequestContext) => ctx.permissions.includes('records:delete-any');
  const owns = (ctx: RequestContext, rec: BaseRecord) => managesAny(ctx) || rec.ownerId === ctx.memberId || rec.createdBy === ctx.memberId;
  const ownerChangeRefused = () => forbidden(`Members can change the owner only of the ${plural} they own`);

  /** Body → column values and custom field changes, or 400 with an error per bad field. */
  async function normalize(tx: Tx, ctx: RequestContext, body: B, current: R | null, region: string) {
    const { write, errors } = rules.normalize(body, current, region);
    const defs = await defsIn(tx, ctx.workspaceId);
    const custom = validateValues(defs, body.customFields, { mode: current ? 'update' : 'create', phoneRegion: region });
    errors.push(...custom.errors);
    if (errors.length) throw invalidFields(errors);
    return { write, custom, defs };
  }

  async function ensureIdentityFree(tx: Tx, ctx: RequestContext, value: string | null | undefined, exceptId?: string) {
    if (!value) return;
    const existing = await repo.idByIdentity(tx, ctx.workspaceId, value, exceptId);
    if (existing) throw rules.identity.taken(existing);
  }

  /** Maps a failed write (its transaction is over) to the answer a person understands. */
  async function writeFailed(ctx: RequestContext, err: unknown, identity: string | null | undefined, exceptId?: string): Promise<never> {
    if (isUniqueViolation(err, rules.identity.constraint) && identity) {
      const existing = await uow.tenant(ctx, (tx) => repo.idByIdentity(tx, ctx.workspaceId, identity, exceptId));
      if (existing) throw rules.identity.taken(existing);
    }
    if (isForeignKeyViolation(err)) {
      const constraint = pgErrorOf(err)?.constraint ?? '';
      for (const [fragment, error] of rules.foreignKeys) if (constraint.includes(fragment)) throw invalidFields([error]);
    }
    throw err;
  }

  /** The identity a body names (normalising an email or a domain needs no phone region). */
  const identityOf = (body: B) => rules.identity.of(rules.normalize(body, null, 'US').write);

  /** A write's columns, and the values kept beside the row (rules.related). */
  const splitRelated = (write: RecordWrite) => {
    const related: RecordWrite = {};
    const row = { ...write };
    for (const f of rules.related?.fields ?? []) {
      if (f in row) related[f] = row[f];
      delete row[f];
    }
    return { row, related };
  };
  const writeRelated = async (tx: Tx, ctx: RequestContext, id: string, related: RecordWrite) => {
    if (rules.related && Object.keys(related).length) await rules.related.writeIn(tx, ctx.workspaceId, id, related);
  };

  const display = (defs: ValueDef[]) => [
    ...rules.writable.map((f) => {
      const ref = rules.refNames[f];
      return { field: f, label: rules.labels[f] ?? f, display: ref ? (_v: unknown, rec: Record<string, unknown>) => rec[ref] ?? null : undefined };
    }),
    ...(rules.related?.fields ?? []).map((f) => ({ field: f, label: rules.labels[f] ?? f, display: rules.related!.display })),
    ...defs.filter((d) => !d.archived).map((d) => ({ field: `custom:${d.key}`, label: d.label, display: (v: unknown) => displayValue(d, v) })),
  ];
  const flat = (r: R) => {
    const o: Record<string, unknown> = { ...r };
    for (const [k, v] of Object.entries(r.customFields ?? {})) o[`custom:${k}`] = v;
    return o;
  };

  async function recordEdits(tx: Tx, ctx: RequestContext, before: R, after: R, defs: ValueDef[]) {
    const changes = diffFields(flat(before), flat(after), display(defs));
    await activity.recordIn(
      tx,
      ctx.workspaceId,
      changes.map((c) => ({ entity, recordId: after.id, type: 'edited' as const, actorId: ctx.memberId, data: c })),
    );
  }

  /**
   * A new record inside the caller's unit of work. `ifAbsent`: a taken identity answers null
   * instead of 409 (prospects: the person is already a contact), race-safe.
   */
  async function createIn(tx: Tx, ctx: RequestContext, body: B, origin: RecordOrigin, opts: { ifAbsent?: boolean } = {}) {
    const normalized = await normalize(tx, ctx, body, null, await deps.phoneRegion(ctx.workspaceId, tx));
    const { custom, defs } = normalized;
    const { row: write, related } = splitRelated(normalized.write);
    if (!opts.ifAbsent) await ensureIdentityFree(tx, ctx, rules.identity.of(write));
    await rules.beforeWrite?.(tx, ctx, write, null);
    const source = origin.source ?? (ctx.via === 'api-key' ? 'api' : 'manual');
    const row = {
      ...write,
      ownerId: write.ownerId !== undefined ? write.ownerId : ctx.memberId,
      source,
      importId: origin.importId ?? null,
      createdBy: ctx.memberId,
      updatedBy: ctx.memberId,
    };
    let id: string | null = newId();
    if (opts.ifAbsent) id = await repo.insertIfAbsent(tx, ctx.workspaceId, id, row, custom.set);
    else await repo.insert(tx, ctx.workspaceId, id, row, custom.set);
    if (!id) return null;
    await writeRelated(tx, ctx, id, related);
    await activity.recordIn(tx, ctx.workspaceId, [{ entity, recordId: id, type: 'created', actorId: ctx.memberId, data: { source } }]);
    const rec = await load(tx, ctx, id);
    await emitIn(tx, ctx, 'created', rules.toDto(rec, defs));
    return { rec, defs };
  }

  /**
   * Many new records inside the caller's unit of work, set-based: one insert, one timeline
   * insert, one webhook write per event type. A row whose identity is taken is not written
   * (its slot answers the holder's id with `created: false`). No beforeWrite: the caller
   * sets the relations (contacts: companyId) itself. Bad input throws 400 before any write.
   */
  async function createManyIfAbsentIn(tx: Tx, ctx: RequestContext, bodies: B[], origin: RecordOrigin) {
    if (!bodies.length) return [];
    // read once per unit of work (a reveal creates companies, then contacts)
    let regionRead = regionsByTx.get(tx);
    if (!regionRead) regionsByTx.set(tx, (regionRead = deps.phoneRegion(ctx.workspaceId, tx)));
    const region = await regionRead;
    const defs = await defsIn(tx, ctx.workspaceId);
    const source = origin.source ?? (ctx.via === 'api-key' ? 'api' : 'manual');
    // a required custom field without a value refuses only a record that would be created
    // (as the single create does): those rows check first whether their identity is held
    const pending: { write: RecordWrite; errors: FieldError[] }[] = [];
    const checked = bodies.map((body) => {
      const normalized = rules.normalize(body, null, region);
      const { errors } = normalized;
      // what is kept beside the row is not written here (prospects have none)
      const write = splitRelated(normalized.write).row;
      const custom = validateValues(defs, body.customFields, { mode: 'update', phoneRegion: region });
      errors.push(...custom.errors);
      if (errors.length) throw invalidFields(errors);
      const required = validateValues(defs, body.customFields, { mode: 'create', phoneRegion: region }).errors;
      if (required.length) pending.push({ write, errors: required });
      return { write, custom };
    });
    if (pending.length) {
      const held = await repo.idsByIdentities(tx, ctx.workspaceId, pending.map((p) => String(rules.identity.of(p.write))));
      const refused = pending.find((p) => !held.has(String(rules.identity.of(p.write))));
      if (refused) throw invalidFields(refused.errors);
    }
    const rows = checked.map(({ write, custom }) => {
      const row: RecordWrite = {
        ...write,
        ownerId: write.ownerId !== undefined ? write.ownerId : ctx.memberId,
        source,
        importId: origin.importId ?? null,
        createdBy: ctx.memberId,
        updatedBy: ctx.memberId,
      };
      return { id: newId(), write: row, customFields: custom.set };
    });
    const { inserted, existing } = await repo.insertManyIfAbsent(tx, ctx.workspaceId, rows);
    const made = new Set(inserted.map((r) => r.id));
    const holders = new Map(existing.map((r) => [r.identity, r.id]));
    // a holder committed by another unit of work after the insert's snapshot: read it now
    const unseen = rows.filter((r) => !made.has(r.id) && !holders.has(String(rules.identity.of(r.write))));
    if (unseen.length) {
      const found = await repo.idsByIdentities(tx, ctx.workspaceId, unseen.map((r) => String(rules.identity.of(r.write))));
      for (const [k, v] of found) holders.set(k, v);
    }
    if (inserted.length) {
      await activity.recordIn(tx, ctx.workspaceId, inserted.map((r) => ({ entity, recordId: r.id, type: 'created' as const, actorId: ctx.memberId, data: { source } })));
      // the records as the API shows them, read only when an endpoint listens
      await deps.events?.emitManyIn(tx, ctx, eventType('created'), async () => {
        const recs = new Map((await repo.findMany(tx, ctx.workspaceId, [...made])).map((r) => [r.id, r]));
        return inserted.map((r) => rules.toDto(recs.get(r.id)!, defs));
      });
    }
    return rows.map((r) => {
      if (made.has(r.id)) return { id: r.id, created: true as const, write: r.write };
      const id = holders.get(String(rules.identity.of(r.write)));
      if (!id) throw new Error(`${rules.one}: neither inserted nor found`);
      return { id, created: false as const, write: r.write };
    });
  }

  async function bulkAssignOwnerIn(tx: Tx, ctx: RequestContext, selection: BulkSelection, ownerId: string | null) {
    const defs = await defsIn(tx, ctx.workspaceId);
    const spec = selectionSpec(selection);
    // finding 6 of issue 16: a member can't take (or give away) records they don't own
    if (!managesAny(ctx) && (await repo.notOwnedCount(tx, ctx.workspaceId, defs, spec, ctx.memberId)) > 0) throw ownerChangeRefused();
    const changed = await repo.assignOwner(tx, ctx.workspaceId, defs, spec, ownerId, ctx.memberId);
    // a bulk change sends only what changed (`partial`), not each whole record
    await deps.events?.emitManyIn(tx, ctx, eventType('updated'), changed.map((c) => ({ id: c.id, ownerId, partial: true })));
    // the timeline gets one entry per record for selections of a sensible size
    if (changed.length && changed.length <= EXPORT_TIMELINE_LIMIT) {
      const toName = ownerId ? ((await repo.find(tx, ctx.workspaceId, changed[0]!.id))?.ownerName ?? null) : null;
      await activity.recordIn(
        tx,
        ctx.workspaceId,
        changed.map((c) => ({
          entity,
          recordId: c.id,
          type: 'edited' as const,
          actorId: ctx.memberId,
          data: { field: 'ownerId', label: rules.labels.ownerId ?? 'Owner', from: c.fromName, to: toName },
        })),
      );
    }
    return { affected: changed.length, skipped: 0 };
  }

  // issue 14: a field's values among the matches, bulk "edit field" and its undo
  const bulkEdits = createRecordBulkEdits({
    uow,
    sql: rules.sql,
    repo,
    writable: rules.writable,
    labels: rules.labels,
    normalize: (body, region) => rules.normalize(body as B, null, region),
    defsIn,
    phoneRegion: deps.phoneRegion,
    selectionSpec,
    specOf,
    activity,
  });

  // issue 27: bulk edits and deletes of every record matching a filter run as jobs, in batches
  const bulkJobs = createRecordBulkJobs({
    uow,
    entity,
    batchIds: async (tx, workspaceId, spec, afterId, limit) => repo.batchIds(tx, workspaceId, await defsIn(tx, workspaceId), spec, afterId, limit),
    count: async (tx, workspaceId, spec) => repo.count(tx, workspaceId, await defsIn(tx, workspaceId), spec),
    checkSelection: async (tx, workspaceId, spec) => {
      repo.selectionSql(workspaceId, await defsIn(tx, workspaceId), spec);
    },
    update: {
      checkIn: (tx, ctx, field, value) => bulkEdits.checkUpdateIn(tx, ctx, field, value),
      batchIn: (tx, ctx, editId, field, value, ids) => bulkEdits.applyIn(tx, ctx, editId, field, value, { ids }).then((r) => ({ ...r, skipped: 0 })),
      finishIn: (tx, ctx, editId, field, affected) => bulkEdits.finishIn(tx, ctx, editId, field, affected),
    },
    delete: {
      batchIn: (tx, ctx, ids) => deleteIn(tx, ctx, { ids }),
      finishIn: async (tx, ctx, affected, skipped) => {
        if (affected > 0) await deps.audit?.recordIn(tx, ctx, { action: 'records.bulk_deleted', details: { entity, count: affected, skipped } });
      },
    },
    queue: deps.bulkQueue,
    log: deps.log,
  });

  /** Deletes a selection's records (a member's: their own; the rest are counted as skipped), with their webhook events. */
  async function deleteIn(tx: Tx, ctx: RequestContext, spec: GridSpec) {
    const defs = await defsIn(tx, ctx.workspaceId);
    const { ids, ...result } = await repo.deleteWhere(tx, ctx.workspaceId, defs, spec, managesAny(ctx) ? null : ctx.memberId);
    await deps.events?.emitManyIn(tx, ctx, eventType('deleted'), ids.map((id) => ({ id, partial: true })));
    return result;
  }

  return {
    ...bulkEdits,

    /**
     * Privacy erasure's records, in its unit of work: deleted whoever owns them, each with its
     * `deleted` webhook event (the id, never the address). Records is the one writer of its
     * tables (issue 25); the erasure removes their notes and timeline itself.
     */
    async eraseIn(tx: Tx, ctx: RequestContext, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const gone = await repo.deleteWhere(tx, ctx.workspaceId, await defsIn(tx, ctx.workspaceId), { ids }, null);
      await deps.events?.emitManyIn(tx, ctx, eventType('deleted'), gone.ids.map((id) => ({ id, partial: true })));
      return gone.affected;
    },

    /** Undo, once the edit's job (if any) has finished. */
    async undoBulkUpdate(ctx: RequestContext, editId: string) {
      return bulkEdits.undoBulkUpdate(ctx, editId, (tx) => bulkJobs.assertEditFinishedIn(tx, ctx, editId));
    },

    /** A bulk edit (field, value) or delete of every record matching q and filter, queued: 202 with the job. */
    startBulkJob: bulkJobs.start,
    bulkJob: bulkJobs.get,
    /** For the worker: runs a queued job (and one a stopped server left unfinished). */
    runBulkJob: bulkJobs.run,
    unfinishedBulkJobs: bulkJobs.unfinished,

    /** A saved view's filter and sort checked against the grid's fields (a 400 naming the bad one). */
    async checkViewIn(tx: Tx, ctx: RequestContext, view: { filter?: FilterNode | null; sort?: string | null }) {
      const registry = rules.sql.registry(await defsIn(tx, ctx.workspaceId));
      compileFilter(view.filter ?? null, registry, 'filter');
      if (view.sort) resolveSort(view.sort, registry, rules.sql.defaultSort, 'sort');
    },

    /** Throws 404 unless the record is in the caller's workspace (notes, activity, lists routes). */
    async guard(ctx: RequestContext, id: string) {
      await uow.tenant(ctx, (tx) => load(tx, ctx, id));
    },

    async fields(ctx: RequestContext): Promise<{ data: GridField[] }> {
      const registry = rules.sql.registry(await uow.tenant(ctx, (tx) => defsIn(tx, ctx.workspaceId)));
      const data: GridField[] = [];
      for (const [field, def] of registry) {
        data.push({
          field,
          label: def.label,
          kind: def.kind,
          sortable: !!def.sort,
          filterable: def.filterable !== false,
          ...(def.options ? { options: def.options.map((o) => ({ value: o.value, label: o.label })) } : {}),
        });
      }
      return { data: [...data, ...(rules.extraFields ?? [])] };
    },

    /**
     * `scope` narrows the grid to a list's members (issue 5: the list page is this grid). One read
     * unit: the page, then its total when asked, on one connection (a searched grid holds one slot).
     */
    async list(ctx: RequestContext, query: ListQuery, scope?: ListScope) {
      const spec = { ...specOf(query), listId: scope?.listId };
      return uow.read(ctx, (tx) => listSpecIn(tx, ctx, spec, query), searched(spec));
    },

    /** The same on the caller's read unit (a list's members: the list read first in it). */
    listIn: (tx: Tx, ctx: RequestContext, query: ListQuery, scope?: ListScope) =>
      listSpecIn(tx, ctx, { ...specOf(query), listId: scope?.listId }, query),

    async count(ctx: RequestContext, query: { q?: string; filter?: string }, scope?: ListScope) {
      const spec = { ...specOf(query), listId: scope?.listId };
      return { total: await uow.read(ctx, async (tx) => repo.count(tx, ctx.workspaceId, await defsForRead(tx, ctx.workspaceId), spec), searched(spec)) };
    },

    /** The same on the caller's read unit. */
    async countIn(tx: Tx, ctx: RequestContext, query: { q?: string; filter?: string }, scope?: ListScope) {
      const spec = { ...specOf(query), listId: scope?.listId };
      return { total: await repo.count(tx, ctx.workspaceId, await defsForRead(tx, ctx.workspaceId), spec) };
    },

    /** The records a selection names, as a subquery for the lists module's set-based add (validated like the grid). */
    async selectionSql(ctx: RequestContext, sel: ListSelection, scope?: ListScope) {
      const defs = await uow.tenant(ctx, (tx) => defsIn(tx, ctx.workspaceId));
      const spec: GridSpec = 'ids' in sel ? { ids: sel.ids } : { q: sel.q, filter: sel.filter, filterPath: sel.filterPath };
      return repo.selectionSql(ctx.workspaceId, defs, { ...spec, listId: scope?.listId });
    },

    /** The same in the caller's unit of work (a list's add or remove is one unit). */
    async selectionSqlIn(tx: Tx, ctx: RequestContext, sel: ListSelection, scope?: ListScope) {
      const spec: GridSpec = 'ids' in sel ? { ids: sel.ids } : { q: sel.q, filter: sel.filter, filterPath: sel.filterPath };
      return repo.selectionSql(ctx.workspaceId, await defsIn(tx, ctx.workspaceId), { ...spec, listId: scope?.listId });
    },

    get: (ctx: RequestContext, id: string) =>
      uow.read(ctx, async (tx) => {
        const rec = await load(tx, ctx, id);
        return rules.toDto(rec, await defsForRead(tx, ctx.workspaceId));
      }),

    /**
     * Creates a record. Other modules (imports, prospects) pass their origin; the API marks
     * API-key calls as 'api' and the app's as 'manual'.
     */
    async create(ctx: RequestContext, body: B, origin: RecordOrigin = {}) {
      try {
        return await uow.tenant(ctx, async (tx) => {
          const made = (await createIn(tx, ctx, body, origin))!;
          return rules.toDto(made.rec, made.defs);
        });
      } catch (err) {
        return writeFailed(ctx, err, identityOf(body));
      }
    },

    /** The record holding an identity (normalised email, domain), inside the caller's unit of work. */
    idByIdentityIn: (tx: Tx, workspaceId: string, value: string) => repo.idByIdentity(tx, workspaceId, value),

    /** The records holding these identities, inside the caller's unit of work: identity → id. */
    idsByIdentitiesIn: (tx: Tx, workspaceId: string, values: string[]) => repo.idsByIdentities(tx, workspaceId, values),

    createManyIfAbsentIn,

    /** For other modules' use cases (prospects): a record created inside their unit of work, or null when its identity is taken. */
    async createIfAbsentIn(tx: Tx, ctx: RequestContext, body: B, origin: RecordOrigin) {
      const made = await createIn(tx, ctx, body, origin, { ifAbsent: true });
      return made ? made.rec : null;
    },

    async update(ctx: RequestContext, id: string, body: B) {
      try {
        return await uow.tenant(ctx, async (tx) => {
          await repo.lock(tx, ctx.workspaceId, [id]);
          const before = await load(tx, ctx, id);
          const normalized = await normalize(tx, ctx, body, before, await deps.phoneRegion(ctx.workspaceId, tx));
          const { custom, defs } = normalized;
          const { row: write, related } = splitRelated(normalized.write);
          if (write.ownerId !== undefined && write.ownerId !== before.ownerId && !owns(ctx, before)) throw ownerChangeRefused();
          const identity = rules.identity.of(write);
          if (identity && identity !== rules.identity.of(before as unknown as RecordWrite)) {
            await ensureIdentityFree(tx, ctx, identity, id);
            await rules.beforeWrite?.(tx, ctx, write, before);
          }
          await repo.update(tx, ctx.workspaceId, id, { ...write, updatedBy: ctx.memberId }, custom);
          await writeRelated(tx, ctx, id, related);
          const after = await load(tx, ctx, id);
          await recordEdits(tx, ctx, before, after, defs);
          const dto = rules.toDto(after, defs);
          await emitIn(tx, ctx, 'updated', dto);
          return dto;
        });
      } catch (err) {
        return writeFailed(ctx, err, identityOf(body), id);
      }
    },

    delete: (ctx: RequestContext, id: string) =>
      uow.tenant(ctx, async (tx) => {
        await repo.lock(tx, ctx.workspaceId, [id]);
        const rec = await load(tx, ctx, id);
        if (!owns(ctx, rec)) throw forbidden(`Members can delete only the ${plural} they own`);
        await repo.delete(tx, ctx.workspaceId, id);
        if (deps.events) await emitIn(tx, ctx, 'deleted', rules.toDto(rec, await defsIn(tx, ctx.workspaceId)));
      }),

    async bulkAssignOwner(ctx: RequestContext, selection: BulkSelection, ownerId: string | null) {
      try {
        return await uow.tenant(ctx, (tx) => bulkAssignOwnerIn(tx, ctx, selection, ownerId), HEAVY);
      } catch (err) {
        if (isForeignKeyViolation(err)) throw invalidFields([{ path: 'ownerId', message: 'Choose a member of this workspace' }]);
        throw err;
      }
    },

    /** The same inside another use case's unit of work (members: hand a member's records over). */
    bulkAssignOwnerIn,

    /** One unit of work: a member's selection deletes their own records; the rest count as skipped. */
    bulkDelete: (ctx: RequestContext, selection: BulkSelection) =>
      uow.tenant(ctx, async (tx) => {
        const result = await deleteIn(tx, ctx, selectionSpec(selection));
        if (result.affected > 0)
          await deps.audit?.recordIn(tx, ctx, { action: 'records.bulk_deleted', details: { entity, count: result.affected, skipped: result.skipped } });
        return result;
      }, HEAVY),

    /**
     * Merges mergeId into keepId in one unit of work: both records are locked in id order (so
     * opposite merges at the same moment take turns: the second finds one gone and answers
     * 404), the kept record takes the chosen values and everything that pointed at the merged
     * one (notes, history, list memberships, the entity's own links), and the merged one goes.
     * `inTx`: the same inside the caller's unit of work (duplicates: a page of pairs, with its undo).
     */
    async merge(ctx: RequestContext, body: MergeBody, inTx?: Tx) {
      if (body.keepId === body.mergeId) throw invalidFields([{ path: 'mergeId', message: `Choose two different ${plural}` }]);
      const run = async (tx: Tx) => {
        await repo.lock(tx, ctx.workspaceId, [body.keepId, body.mergeId]);
        const keep = await load(tx, ctx, body.keepId);
        const gone = await load(tx, ctx, body.mergeId);
        const defs = await defsIn(tx, ctx.workspaceId);
        if (!owns(ctx, gone)) throw forbidden(`Members can merge away only the ${plural} they own`);
        const { write, set, unset, unknown } = mergeValues(keep, gone, rules.writable, defs, body.values ?? {});
        if (unknown.length) throw invalidFields(unknown.map((k) => ({ path: `values.${k}`, message: `Not a field of ${plural}` })));
        // the chosen values must still name somebody, by the entity's own rule
        const nobody = rules.identified?.(write);
        if (nobody) throw invalidFields([nobody]);
        if (write.ownerId !== keep.ownerId && !owns(ctx, keep)) throw ownerChangeRefused();
        // what is kept beside the rows: both records' (contacts: every email and phone)
        const related = rules.related?.merged(keep, gone, write) ?? { values: {} };
        if ('error' in related) throw invalidFields([related.error]);
        // what points at the merged record moves first: deleting it must lose nothing
        await rules.onMerge?.(tx, ctx, gone.id, keep.id);
        await deps.notes.moveAllIn(tx, ctx, entity, gone.id, keep.id);
        await activity.moveAllIn(tx, ctx.workspaceId, entity, gone.id, keep.id);
        await deps.lists.moveMembershipsIn(tx, ctx, entity, gone.id, keep.id);
        await repo.delete(tx, ctx.workspaceId, gone.id);
        await repo.update(tx, ctx.workspaceId, keep.id, { ...write, updatedBy: ctx.memberId }, { set, unset });
        await writeRelated(tx, ctx, keep.id, related.values);
        const after = await load(tx, ctx, keep.id);
        await activity.recordIn(tx, ctx.workspaceId, [
          { entity, recordId: keep.id, type: 'merged', actorId: ctx.memberId, data: { mergedId: gone.id, mergedName: rules.nameOf(gone) } },
        ]);
        await recordEdits(tx, ctx, keep, after, defs);
        const dto = rules.toDto(after, defs);
        // the merged record is gone (into the kept one), the kept one changed
        await emitIn(tx, ctx, 'deleted', { ...(rules.toDto(gone, defs) as object), mergedInto: keep.id });
        await emitIn(tx, ctx, 'updated', dto);
        return dto;
      };
      return inTx ? run(inTx) : uow.tenant(ctx, run);
    },

    /**
     * Validates an export request and returns its header and a function streaming its rows
     * (`write` resolves when the consumer wants more). Logs the export when done.
     */
    async prepareExport(ctx: RequestContext, query: ExportQuery, scope?: ListScope) {
      const includeSuppressed = !!query.includeSuppressed;
      const { defs, extent } = await uow.tenant(ctx, async (tx) => ({
        defs: await defsIn(tx, ctx.workspaceId),
        extent: await rules.sql.exportExtent?.(tx, ctx.workspaceId),
      }));
      const spec: GridSpec = { ...specOf(query), ids: parseIdList(query.ids), includeSuppressed, listId: scope?.listId };
      const columns = inZone(chooseColumns(rules.sql.exportColumns(defs, { includeSuppressed, extent }), query.columns), query.tz);
      const run = repo.prepareExport(ctx.workspaceId, defs, spec, query.sort, columns);
      // a heavy slot for the whole download, taken before its headers go (a refusal is a 429,
      // not a cut file); the stream starts at once (lib/filters/csv.ts) and gives it back
      const release = uow.heavySlot(ctx.workspaceId);
      return {
        header: columns.map((c) => c.header),
        stream: async (write: (chunk: string | Buffer) => Promise<void> | void) => {
          try {
            return await streamRows(write);
          } finally {
            release();
          }
        },
      };
      async function streamRows(write: (chunk: string | Buffer) => Promise<void> | void) {
        // the audit row is committed before the first row leaves: a client that goes away
        // half-way (or a crash) still leaves it; `rows` is what matched when the export began
        await uow.tenant(ctx, async (tx) => {
          const matched = await repo.count(tx, ctx.workspaceId, defs, spec);
          await deps.audit?.recordIn(tx, ctx, {
            action: 'export.downloaded',
            target: scope?.listId ? { type: 'list', id: scope.listId } : { type: entity },
            details: { entity, rows: matched, columns: columns.length, filtered: !!(query.q || spec.filter || spec.ids), includeSuppressed },
          });
        });
        // a long download is not cut by the statement timeout
        const rows = await uow.tenantClient(ctx, (client) => run(client, write), { statementTimeoutMs: 0 });
        await uow.tenant(ctx, async (tx) => {
          // small exports go on each record's timeline (the ids are read again: COPY gives only text)
          const ids = rows <= EXPORT_TIMELINE_LIMIT ? await repo.exportIds(tx, ctx.workspaceId, defs, spec, EXPORT_TIMELINE_LIMIT) : null;
          const log = { entity, memberId: ctx.memberId, rowCount: rows, q: query.q ?? null, filter: spec.filter, columns: columns.map((c) => c.field), includeSuppressed };
          await activity.logExportIn(tx, ctx.workspaceId, log, ids);
        });
        return rows;
      }
    },
  };
}

export type RecordsService<R extends BaseRecord, D, B extends { customFields?: Record<string, unknown> }> = ReturnType<
  typeof createRecordsService<R, D, B>
>;
