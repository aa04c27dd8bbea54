import type { BulkSelection, FieldValue } from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { conflict, forbidden, invalidField, invalidFields, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { EXPORT_TIMELINE_LIMIT, type ActivityService } from '../activity/activity.service.js';
import { displayValue, validateValues, type ValueDef } from '../custom-fields/custom-field-values.js';
import { columnsOf, createBulkEditRepository, type BulkEditRepository, type BulkField, type BulkTarget, type KeptValue } from './record-bulk-edit.repository.js';
import type { GridSpec, RecordSql, RecordWrite } from './record-spec.js';
import type { RecordsRepository } from './records.repository.js';

/** Text fields whose values are few enough to pick from a list (the others are typed). */
const LISTED_TEXT_FIELDS = new Set(['country', 'region', 'city', 'department', 'industry']);
/** Standard fields bulk edit leaves alone: identities (unique), names, links with their own actions. */
const NOT_BULK_EDITABLE = new Set(['email', 'domain', 'name', 'ownerId', 'companyId']);

type Deps = {
  uow: UnitOfWork;
  sql: RecordSql;
  repo: Pick<RecordsRepository, 'whereSql' | 'selectionSql'>;
  bulkRepo?: BulkEditRepository;
  writable: readonly string[];
  labels: Record<string, string>;
  normalize: (body: Record<string, unknown>, region: string) => { write: RecordWrite; errors: { path: string; message: string }[] };
  defsIn: (tx: Tx, workspaceId: string) => Promise<ValueDef[]>;
  phoneRegion: (workspaceId: string, tx?: Tx) => Promise<string>;
  selectionSpec: (sel: BulkSelection) => GridSpec;
  specOf: (q: { q?: string; filter?: string | null }) => GridSpec;
  activity: Pick<ActivityService, 'recordIn'>;
};

/**
 * Issue 14's grid use cases of contacts and companies: the values of a field among the
 * matching records (the filter's pick list, with counts), and bulk "edit field" with its undo.
 * Each is one unit of work.
 */
export function createRecordBulkEdits(deps: Deps) {
  const { uow, repo } = deps;
  const bulkRepo = deps.bulkRepo ?? createBulkEditRepository(deps.sql);
  const columns = columnsOf(deps.sql);
  const managesAny = (ctx: RequestContext) => ctx.permissions.includes('records:delete-any');

  /** The standard column or custom key a field names, or a 400. */
  function targetOf(field: string, defs: ValueDef[]): BulkField {
    if (field.startsWith('custom:')) {
      const key = field.slice('custom:'.length);
      const def = defs.find((d) => d.key === key && !d.archived);
      if (!def) throw invalidField('field', 'There is no such custom field');
      return { kind: 'custom', key };
    }
    const column = columns[field];
    if (!deps.writable.includes(field) || !column) throw invalidField('field', `"${field}" is not a field of ${deps.sql.entity}`);
    if (NOT_BULK_EDITABLE.has(field)) throw invalidField('field', `${deps.labels[field] ?? field} can't be changed in bulk`);
    return { kind: 'column', column: column.name, sqlType: column.getSQLType() };
  }

  /**
   * Each changed record's timeline says what changed (from → to, as a single edit does), for
   * selections of a sensible size (as a bulk owner change).
   */
  async function recordOnTimeline(tx: Tx, ctx: RequestContext, defs: ValueDef[], editId: string, field: string, target: BulkField, setValue: unknown, undo: boolean, affected: number) {
    if (!affected || affected > EXPORT_TIMELINE_LIMIT) return;
    const def = target.kind === 'custom' ? defs.find((d) => d.key === target.key) : undefined;
    const label = def?.label ?? deps.labels[field] ?? field;
    const numeric = target.kind === 'column' && /^(integer|bigint|numeric|smallint)/.test(target.sqlType);
    const shown = (v: unknown) => (def ? displayValue(def, v) : v === null || v === undefined ? null : numeric ? Number(v) : v);
    const previous = (k: KeptValue) => (target.kind === 'custom' ? k.previousJson : k.previousText);
    const kept = await bulkRepo.keptValues(tx, ctx.workspaceId, editId, EXPORT_TIMELINE_LIMIT);
    await deps.activity.recordIn(
      tx,
      ctx.workspaceId,
      kept.map((k) => ({
        entity: deps.sql.entity,
        recordId: k.recordId,
        type: 'edited' as const,
        actorId: ctx.memberId,
        data: undo
          ? { field, label, from: shown(setValue), to: shown(previous(k)) }
          : { field, label, from: shown(previous(k)), to: shown(setValue) },
      })),
    );
  }

  /** The field's column or key and its value as stored, or a 400 naming what is wrong. */
  async function targetIn(tx: Tx, ctx: RequestContext, field: string, value: unknown) {
    const defs = await deps.defsIn(tx, ctx.workspaceId);
    const target = targetOf(field, defs);
    const region = await deps.phoneRegion(ctx.workspaceId, tx);
    let full: BulkTarget;
    if (target.kind === 'custom') {
      const change = validateValues(defs, { [target.key]: value }, { mode: 'update', phoneRegion: region });
      if (change.errors.length) throw invalidFields(change.errors.map((e) => ({ path: 'value', message: e.message })));
      full = { kind: 'custom', key: target.key, value: change.set[target.key] ?? null };
    } else {
      const { write, errors } = deps.normalize({ [field]: value }, region);
      if (errors.length) throw invalidFields(errors.map((e) => ({ path: 'value', message: e.message })));
      full = { kind: 'column', column: target.column, sqlType: target.sqlType, value: write[field] ?? null };
    }
    return { defs, target, full };
  }

  /**
   * Sets the field on the records of `spec` under the edit (made when editId is null: a job's
   * first batch, or a whole synchronous edit); answers the edit and how many changed.
   */
  async function applyIn(tx: Tx, ctx: RequestContext, editId: string | null, field: string, value: unknown, spec: GridSpec) {
    const { defs, full } = await targetIn(tx, ctx, field, value);
    const id = editId ?? newId();
    if (!editId) await bulkRepo.insertEdit(tx, ctx.workspaceId, { id, memberId: ctx.memberId, field, value: full.value });
    const selected = repo.selectionSql(ctx.workspaceId, defs, spec);
    return { editId: id, affected: await bulkRepo.apply(tx, ctx.workspaceId, id, selected, full, ctx.memberId) };
  }

  /** The edit's count, and each changed record's timeline when there are few enough. */
  async function finishIn(tx: Tx, ctx: RequestContext, editId: string, field: string, affected: number) {
    const defs = await deps.defsIn(tx, ctx.workspaceId);
    const target = targetOf(field, defs);
    const edit = await bulkRepo.lockEdit(tx, ctx.workspaceId, editId);
    await bulkRepo.setAffected(tx, ctx.workspaceId, editId, affected);
    await recordOnTimeline(tx, ctx, defs, editId, field, target, edit?.value ?? null, false, affected);
  }

  return {
    /** The values a low-cardinality field takes among the records matching q and filter, most frequent first. */
    async values(ctx: RequestContext, query: { field: string; q?: string; filter?: string; search?: string; limit: number }) {
      return uow.tenant(ctx, async (tx) => {
        const defs = await deps.defsIn(tx, ctx.workspaceId);
        const def = deps.sql.registry(defs).get(query.field);
        const listed =
          def &&
          (['enum', 'select', 'multiselect'].includes(def.kind) ||
            (def.kind === 'ref' && query.field === 'ownerId') ||
            (def.kind === 'text' && LISTED_TEXT_FIELDS.has(query.field)));
        if (!def || !listed) throw invalidField('query.field', `"${query.field}" has no list of values; type the value instead`);
        const where = repo.whereSql(ctx.workspaceId, defs, deps.specOf(query));
        const rows = await bulkRepo.values(tx, where, def.expr, { multi: def.kind === 'multiselect', search: query.search, limit: query.limit });
        const names = query.field === 'ownerId' ? await bulkRepo.memberNames(tx, ctx.workspaceId, rows.map((r) => r.value)) : null;
        const data: FieldValue[] = rows.map((r) => ({
          value: r.value,
          label: names?.get(r.value) ?? def.options?.find((o) => o.value === r.value)?.label ?? r.value,
          count: r.count,
        }));
        return { field: query.field, data };
      }, { heavy: true });
    },

    /**
     * Sets one field on the selection in one unit of work; the previous values are kept so
     * the edit can be undone. `value` is already checked against the entity's update body.
     */
    async bulkUpdate(ctx: RequestContext, selection: BulkSelection, field: string, value: unknown) {
      return uow.tenant(ctx, async (tx) => {
        const { editId, affected } = await applyIn(tx, ctx, null, field, value, deps.selectionSpec(selection));
        await finishIn(tx, ctx, editId, field, affected);
        return { editId, affected };
      }, { heavy: true });
    },

    /** The field and value checked as bulkUpdate checks them (a 400), before a job is queued. */
    checkUpdateIn: async (tx: Tx, ctx: RequestContext, field: string, value: unknown) => {
      await targetIn(tx, ctx, field, value);
    },

    applyIn,
    finishIn,

    /**
     * Puts back what a bulk edit changed (its author, or an owner or admin); once only. Records
     * deleted or merged since are counted as not restored, the others are restored.
     */
    async undoBulkUpdate(ctx: RequestContext, editId: string, precheckIn?: (tx: Tx) => Promise<void>) {
      return uow.tenant(ctx, async (tx) => {
        await precheckIn?.(tx);
        const edit = await bulkRepo.lockEdit(tx, ctx.workspaceId, editId);
        if (!edit) throw notFound('Bulk edit');
        if (edit.memberId !== ctx.memberId && !managesAny(ctx)) throw forbidden('Only who made this edit, or an owner or admin, can undo it');
        if (edit.undoneAt) throw conflict('This edit was already undone');
        const defs = await deps.defsIn(tx, ctx.workspaceId);
        const target = targetOf(edit.field, defs);
        // the timeline first: the restore lets go of the kept values
        await recordOnTimeline(tx, ctx, defs, editId, edit.field, target, edit.value, true, edit.affected);
        return bulkRepo.restore(tx, ctx.workspaceId, editId, target, ctx.memberId);
      });
    },
  };
}
