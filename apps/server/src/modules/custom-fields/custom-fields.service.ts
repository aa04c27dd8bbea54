import {
  keyFromLabel,
  selectTypes,
  type CreateCustomFieldBody,
  type CustomField,
  type Entity,
  type UpdateCustomFieldBody,
} from '@leadtrail/contracts';
import type { Tx } from '../../db/client.js';
import type { StoredOption } from '../../db/schema/index.js';
import { AppError, badRequest, invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RequestContext } from '../../core/request-context.js';
import type { CustomFieldRow, CustomFieldsRepository } from './custom-fields.repository.js';
import type { ValueDef } from './custom-field-values.js';

/**
 * Where an entity keeps its custom values; the contacts and companies services attach
 * theirs so that deleting a field (or a select option) drops the values it held.
 */
export type ValueStore = {
  dropKey: (workspaceId: string, key: string) => Promise<void>;
  dropOption: (workspaceId: string, key: string, optionId: string, multi: boolean) => Promise<void>;
};

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

export function createCustomFieldsService(deps: { repo: CustomFieldsRepository }) {
  const { repo } = deps;
  const stores = new Map<Entity, ValueStore>();

  const load = async (ctx: RequestContext, id: string) => {
    const row = await repo.find(ctx.workspaceId, id);
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

  return {
    attachValueStore(entity: Entity, store: ValueStore) {
      stores.set(entity, store);
    },

    async list(ctx: RequestContext, opts: { entity?: Entity; includeArchived?: boolean }) {
      const rows = await repo.list(ctx.workspaceId, opts);
      return { data: rows.map(toCustomField) };
    },

    /** The entity's fields (archived ones too, flagged) for validating and presenting values. */
    async definitions(workspaceId: string, entity: Entity): Promise<ValueDef[]> {
      const rows = await repo.list(workspaceId, { entity, includeArchived: true });
      return rows.map(toValueDef);
    },

    /** The same, inside the caller's transaction (a grid page loads them with its query). */
    async definitionsIn(tx: Tx, workspaceId: string, entity: Entity): Promise<ValueDef[]> {
      const rows = await repo.listIn(tx, workspaceId, { entity, includeArchived: true });
      return rows.map(toValueDef);
    },

    async get(ctx: RequestContext, id: string) {
      return toCustomField(await load(ctx, id));
    },

    async create(ctx: RequestContext, body: CreateCustomFieldBody) {
      const isSelect = selectTypes.includes(body.type);
      if (isSelect && !body.options?.length) throw invalidField('options', 'Add at least one option');
      if (!isSelect && body.options?.length) throw invalidField('options', 'Only select fields have options');
      const taken = await repo.keysInUse(ctx.workspaceId, body.entity);
      let key = body.key;
      if (key) {
        if (taken.has(key)) throw new AppError(409, 'duplicate', `A ${body.entity} field with the key "${key}" exists`, { field: 'key' });
      } else {
        const base = keyFromLabel(body.label);
        key = base;
        for (let n = 2; taken.has(key); n++) key = `${base.slice(0, 56)}_${n}`;
      }
      const row = await repo.insert({
        workspaceId: ctx.workspaceId,
        id: newId(),
        entity: body.entity,
        key,
        label: body.label,
        type: body.type,
        options: isSelect ? newOptions(body.options ?? []) : [],
        required: body.required ?? false,
      });
      if (!row) throw new AppError(409, 'duplicate', `A ${body.entity} field with the key "${key}" exists`, { field: 'key' });
      return toCustomField(row);
    },

    async update(ctx: RequestContext, id: string, body: UpdateCustomFieldBody) {
      const current = await load(ctx, id);
      const patch: Parameters<CustomFieldsRepository['update']>[2] = {};
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
      // values of removed options go first, so no record keeps an id the field no longer knows
      const store = stores.get(current.entity);
      for (const opt of removed) await store?.dropOption(ctx.workspaceId, current.key, opt.id, current.type === 'multi_select');
      const row = await repo.update(ctx.workspaceId, id, patch);
      if (!row) throw notFound('Custom field');
      return toCustomField(row);
    },

    async reorder(ctx: RequestContext, entity: Entity, ids: string[]) {
      const rows = await repo.list(ctx.workspaceId, { entity, includeArchived: true });
      const all = new Set(rows.map((r) => r.id));
      if (new Set(ids).size !== ids.length) throw badRequest('invalid_order', 'A field is listed twice');
      if (ids.length !== all.size || ids.some((i) => !all.has(i))) {
        throw badRequest('invalid_order', `List every ${entity} custom field exactly once`);
      }
      await repo.reorder(ctx.workspaceId, ids);
      return { data: (await repo.list(ctx.workspaceId, { entity, includeArchived: true })).map(toCustomField) };
    },

    /** Deletes the field and every value it held (the UI confirms first). */
    async delete(ctx: RequestContext, id: string) {
      const current = await load(ctx, id);
      await stores.get(current.entity)?.dropKey(ctx.workspaceId, current.key);
      if (!(await repo.delete(ctx.workspaceId, id))) throw notFound('Custom field');
    },
  };
}

export type CustomFieldsService = ReturnType<typeof createCustomFieldsService>;
