import type { NotifiedCache } from '../../core/notified-cache.js';
import {
  keyFromLabel,
  selectTypes,
  type CreateCustomFieldBody,
  type CustomField,
  type Entity,
  type UpdateCustomFieldBody,
} from '@leadtrail/contracts';
import { AppError, badRequest, invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import type { CustomFieldRow, CustomFieldsRepository, StoredOption } from './custom-fields.repository.js';
import type { ValueDef } from './custom-field-values.js';

export const toCustomField = (r: CustomFieldRow): CustomField => ({
  id: r.id,
  entity: r.entity,
  key: r.key,
  label: r.label,
  type: r.type,
  options: r.options,
  required: r.required,
  position: r.position,
  archived: r.archivedAt !== null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const toValueDef = (r: CustomFieldRow): ValueDef => ({
  key: r.key,
  label: r.label,
  type: r.type,
  options: r.options,
  required: r.required,
  archived: r.archivedAt !== null,
});

const keyTaken = (entity: Entity, key: string) => new AppError(409, 'duplicate', `A ${entity} field with the key "${key}" exists`, { field: 'key' });

export function createCustomFieldsService(deps: {
  repo: CustomFieldsRepository;
  uow: UnitOfWork;
  /** Each workspace's definitions per entity, as read use cases last read them (issue 13). */
  cache?: NotifiedCache<ValueDef[]>;
}) {
  const { repo, uow, cache } = deps;
  const readDefs = async (tx: Tx, workspaceId: string, entity: Entity) =>
    (await repo.list(tx, workspaceId, { entity, includeArchived: true })).map(toValueDef);

  const load = async (tx: Tx, ctx: RequestContext, id: string, lock = false) => {
    const row = await repo.find(tx, ctx.workspaceId, id, { lock });
    if (!row) throw notFound('Custom field');
    return row;
  };

  const newOptions = (opts: { label: string; color?: string | null }[]): StoredOption[] => {
    const seen = new Set<string>();
    return opts.map((o, i) => {
      const norm = o.label.toLowerCase();
      if (seen.has(norm)) throw invalidField(`options.${i}.label`, `"${o.label}" is listed twice`);
      seen.add(norm);
      return { id: newId(), label: o.label, color: o.color ?? null };
    });
  };

  /** Creates a field inside the caller's unit of work (an import's "new field" columns). */
  async function createIn(tx: Tx, ctx: Pick<RequestContext, 'workspaceId'>, body: CreateCustomFieldBody): Promise<CustomField> {
    const isSelect = selectTypes.includes(body.type);
    if (isSelect && !body.options?.length) throw invalidField('options', 'Add at least one option');
    if (!isSelect && body.options?.length) throw invalidField('options', 'Only select fields have options');
    const taken = await repo.keysInUse(tx, ctx.workspaceId, body.entity);
    let key = body.key;
    if (key) {
      if (taken.has(key)) throw keyTaken(body.entity, key);
    } else {
      const base = keyFromLabel(body.label);
      key = base;
      for (let n = 2; taken.has(key); n++) key = `${base.slice(0, 56)}_${n}`;
    }
    const row = await repo.insert(tx, {
      workspaceId: ctx.workspaceId,
      id: newId(),
      entity: body.entity,
      key,
      label: body.label,
      type: body.type,
      options: isSelect ? newOptions(body.options ?? []) : [],
      required: body.required ?? false,
    });
    if (!row) throw keyTaken(body.entity, key);
    return toCustomField(row);
  }

  return {
    list: (ctx: RequestContext, opts: { entity?: Entity; includeArchived?: boolean }) =>
      uow.tenant(ctx, async (tx) => ({ data: (await repo.list(tx, ctx.workspaceId, opts)).map(toCustomField) })),

    /** The entity's fields (archived ones too, flagged) for validating and presenting values. */
    definitions: (workspaceId: string, entity: Entity): Promise<ValueDef[]> =>
      uow.tenant({ workspaceId }, (tx) => readDefs(tx, workspaceId, entity)),

    /** The same, inside the caller's transaction: what it has written so far included. */
    definitionsIn: readDefs,

    /**
     * The same for a read use case (a grid page, a record's detail): from this process's cache
     * while no change to the workspace's fields has been announced (core/notified-cache.ts),
     * else read on `tx` and kept. Not for a transaction that changes fields itself.
     */
    async definitionsForRead(tx: Tx, workspaceId: string, entity: Entity): Promise<ValueDef[]> {
      const key = `${workspaceId}:${entity}`;
      const hit = cache?.get(key);
      if (hit) return hit;
      const gen = cache?.generation();
      const defs = await readDefs(tx, workspaceId, entity);
      if (gen !== undefined) cache?.set(key, defs, gen);
      return defs;
    },

    get: (ctx: RequestContext, id: string) => uow.tenant(ctx, async (tx) => toCustomField(await load(tx, ctx, id))),

    create: (ctx: RequestContext, body: CreateCustomFieldBody) => uow.tenant(ctx, (tx) => createIn(tx, ctx, body)),

    createIn,

    /** Label, required, archived, options; removed options' values go from every record with the change. */
    update: (ctx: RequestContext, id: string, body: UpdateCustomFieldBody) =>
      uow.tenant(ctx, async (tx) => {
        const current = await load(tx, ctx, id, true);
        const patch: Parameters<CustomFieldsRepository['update']>[3] = {};
        if (body.label !== undefined) patch.label = body.label;
        if (body.required !== undefined) patch.required = body.required;
        if (body.archived !== undefined) patch.archivedAt = body.archived ? (current.archivedAt ?? new Date()) : null;
        let removed: StoredOption[] = [];
        if (body.options !== undefined) {
          if (!selectTypes.includes(current.type)) throw invalidField('options', 'Only select fields have options');
          if (body.options.length === 0) throw invalidField('options', 'Keep at least one option');
          const existing = new Map(current.options.map((o) => [o.id, o]));
          const seen = new Set<string>();
          const next: StoredOption[] = body.options.map((o, i) => {
            const norm = o.label.toLowerCase();
            if (seen.has(norm)) throw invalidField(`options.${i}.label`, `"${o.label}" is listed twice`);
            seen.add(norm);
            if (o.id !== undefined) {
              const prev = existing.get(o.id);
              if (!prev) throw invalidField(`options.${i}.id`, 'This option does not exist');
              return { id: prev.id, label: o.label, color: o.color === undefined ? prev.color : o.color };
            }
            return { id: newId(), label: o.label, color: o.color ?? null };
          });
          const kept = new Set(next.map((o) => o.id));
          removed = current.options.filter((o) => !kept.has(o.id));
          patch.options = next;
        }
        for (const opt of removed) await repo.dropOption(tx, ctx.workspaceId, current.entity, current.key, opt.id, current.type === 'multi_select');
        const row = await repo.update(tx, ctx.workspaceId, id, patch);
        if (!row) throw notFound('Custom field');
        return toCustomField(row);
      }),

    reorder: (ctx: RequestContext, entity: Entity, ids: string[]) =>
      uow.tenant(ctx, async (tx) => {
        const rows = await repo.list(tx, ctx.workspaceId, { entity, includeArchived: true });
        const all = new Set(rows.map((r) => r.id));
        if (new Set(ids).size !== ids.length) throw badRequest('invalid_order', 'A field is listed twice');
        if (ids.length !== all.size || ids.some((i) => !all.has(i))) {
          throw badRequest('invalid_order', `List every ${entity} custom field exactly once`);
        }
        await repo.reorder(tx, ctx.workspaceId, ids);
        return { data: (await repo.list(tx, ctx.workspaceId, { entity, includeArchived: true })).map(toCustomField) };
      }),

    /** Deletes the field and every value it held, together (the UI confirms first). */
    delete: (ctx: RequestContext, id: string) =>
      uow.tenant(ctx, async (tx) => {
        const current = await load(tx, ctx, id, true);
        await repo.dropValues(tx, ctx.workspaceId, current.entity, current.key);
        if (!(await repo.delete(tx, ctx.workspaceId, id))) throw notFound('Custom field');
      }),
  };
}

export type CustomFieldsService = ReturnType<typeof createCustomFieldsService>;
