import type { SQL } from 'drizzle-orm';
import type {
  AddListMembersResult,
  Company,
  Contact,
  CreateListBody,
  FilterNode,
  List,
  ListMembersBody,
  ListPage,
  ListSort,
  RecordList,
  RemoveListMembersResult,
  UpdateListBody,
} from '@leadtrail/contracts';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/filters/pg-error.js';
import type { sendCsv } from '../../lib/filters/csv.js';
import { newId } from '../../lib/ids.js';
import type { RequestContext } from '../../core/request-context.js';
import { EXPORT_TIMELINE_LIMIT, type ActivityService } from '../activity/activity.service.js';
import type { ListEntity, ListRecord, ListsRepository } from './lists.repository.js';

/** "Only these list members": what a list page passes to the contacts or companies grid. */
export type ListScope = { listId: string };

/** Which records of a grid: ids, or every record matching q and filter (optionally within a list). */
export type GridSelection = { ids: string[] } | { q?: string; filter: FilterNode | null; filterPath?: string };

/** What streams an export's rows into the CSV answer (lib/filters/csv.ts decides its shape). */
type CsvProducer = Parameters<typeof sendCsv>[3];

type GridQuery = { limit: number; cursor?: string; q?: string; sort?: string; filter?: string; count?: boolean };
type ExportQuery = { q?: string; sort?: string; filter?: string; columns?: string; ids?: string; includeSuppressed?: boolean };

/**
 * What lists need from the contacts and companies services: their grid, count and export
 * scoped to a list's members, and a selection as a subquery (for set-based adds).
 */
export type ListGridSource = {
  guard: (ctx: RequestContext, id: string) => Promise<void>;
  list: (ctx: RequestContext, query: GridQuery, scope?: ListScope) => Promise<{ data: (Contact | Company)[]; nextCursor: string | null; total?: number }>;
  count: (ctx: RequestContext, query: { q?: string; filter?: string }, scope?: ListScope) => Promise<{ total: number }>;
  prepareExport: (
    ctx: RequestContext,
    query: ExportQuery,
    scope?: ListScope,
  ) => Promise<{ header: string[]; stream: CsvProducer }>;
  /** `select … id from … where …`: the records of the workspace the selection names. */
  selectionSql: (ctx: RequestContext, selection: GridSelection, scope?: ListScope) => Promise<SQL>;
};

type Deps = {
  repo: ListsRepository;
  sources: Record<ListEntity, ListGridSource>;
  activity: Pick<ActivityService, 'record'>;
};

const toList = (r: ListRecord): List => ({
  id: r.id,
  name: r.name,
  entity: r.entity,
  description: r.description,
  ownerId: r.ownerId,
  ownerName: r.ownerName,
  memberCount: r.memberCount,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const nameTaken = (existingId: string) =>
  new AppError(409, 'list_name_taken', 'A list with this name already exists', {
    existingId,
    errors: [{ path: 'name', message: 'A list with this name already exists' }],
  });

export function createListsService(deps: Deps) {
  const { repo, sources, activity } = deps;

  async function load(ctx: RequestContext, id: string) {
    const list = await repo.find(ctx.workspaceId, id);
    if (!list) throw notFound('List');
    return list;
  }

  /** The list's id, name, entity and owner (404 like a missing one for another workspace's). */
  async function loadLight(ctx: RequestContext, id: string) {
    const list = await repo.findLight(ctx.workspaceId, id);
    if (!list) throw notFound('List');
    return list;
  }

  const canManage = (ctx: RequestContext, list: Pick<ListRecord, 'ownerId'>) => ctx.permissions.includes('records:delete-any') || list.ownerId === ctx.memberId;

  async function ensureNameFree(ctx: RequestContext, name: string, exceptId?: string) {
    const existing = await repo.idByName(ctx.workspaceId, name, exceptId);
    if (existing) throw nameTaken(existing);
  }

  async function writeFailed(ctx: RequestContext, err: unknown, name: string | undefined, exceptId?: string): Promise<never> {
    if (isUniqueViolation(err, 'lists_name_unique') && name) {
      const existing = await repo.idByName(ctx.workspaceId, name, exceptId);
      if (existing) throw nameTaken(existing);
    }
    if (isForeignKeyViolation(err)) throw invalidField('ownerId', 'Choose a member of this workspace');
    throw err;
  }

  const selectionOf = (body: ListMembersBody): GridSelection =>
    'ids' in body ? { ids: body.ids } : { q: body.q, filter: body.filter, filterPath: 'filter' };

  /** "added to list" / "removed from list" on each record's timeline, for selections of a sensible size. */
  async function timeline(ctx: RequestContext, list: Pick<ListRecord, 'id' | 'name' | 'entity'>, ids: string[], type: 'added_to_list' | 'removed_from_list') {
    if (!ids.length || ids.length > EXPORT_TIMELINE_LIMIT) return;
    await activity.record(
      ctx.workspaceId,
      ids.map((recordId) => ({ entity: list.entity, recordId, type, actorId: ctx.memberId, data: { listId: list.id, listName: list.name } })),
    );
  }

  return {
    async list(
      ctx: RequestContext,
      query: { limit: number; cursor?: string; q?: string; entity?: ListEntity; sort: ListSort; count?: boolean },
    ): Promise<ListPage> {
      // the lists of a workspace are few: an offset cursor keeps every sort (incl. member count) simple
      const offset = query.cursor === undefined ? 0 : Number(query.cursor);
      if (!Number.isInteger(offset) || offset < 0) throw invalidField('query.cursor', 'This cursor is not valid; start from the first page');
      const f = { q: query.q || undefined, entity: query.entity };
      const [rows, total] = await Promise.all([
        repo.page(ctx.workspaceId, f, query.sort, offset, query.limit + 1),
        query.count ? repo.count(ctx.workspaceId, f) : Promise.resolve(undefined),
      ]);
      return {
        data: rows.slice(0, query.limit).map(toList),
        nextCursor: rows.length > query.limit ? String(offset + query.limit) : null,
        ...(total !== undefined ? { total } : {}),
      };
    },

    get: async (ctx: RequestContext, id: string) => toList(await load(ctx, id)),

    async create(ctx: RequestContext, body: CreateListBody): Promise<List> {
      await ensureNameFree(ctx, body.name);
      const id = newId();
      try {
        await repo.insert(ctx.workspaceId, {
          id,
          name: body.name,
          entity: body.entity,
          description: body.description || null,
          ownerId: ctx.memberId,
          createdBy: ctx.memberId,
        });
      } catch (err) {
        await writeFailed(ctx, err, body.name);
      }
      return toList(await load(ctx, id));
    },

    /** Rename, describe, or hand over (the owner of the list, owners and admins). */
    async update(ctx: RequestContext, id: string, body: UpdateListBody): Promise<List> {
      const list = await load(ctx, id);
      if (body.ownerId !== undefined && body.ownerId !== list.ownerId && !canManage(ctx, list)) {
        throw forbidden('Only the owner of the list, owners and admins can hand it to someone else');
      }
      if (body.name !== undefined && body.name.toLowerCase() !== list.name.toLowerCase()) await ensureNameFree(ctx, body.name, id);
      try {
        await repo.update(ctx.workspaceId, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description || null } : {}),
          ...(body.ownerId !== undefined ? { ownerId: body.ownerId } : {}),
        });
      } catch (err) {
        await writeFailed(ctx, err, body.name, id);
      }
      return toList(await load(ctx, id));
    },

    /** Deletes the list; its members (contacts, companies) stay. Members may delete only their own lists. */
    async delete(ctx: RequestContext, id: string) {
      const list = await loadLight(ctx, id);
      if (!canManage(ctx, list)) throw forbidden('Members can delete only the lists they own');
      await repo.delete(ctx.workspaceId, id);
    },

    async members(ctx: RequestContext, id: string, query: GridQuery) {
      const list = await loadLight(ctx, id);
      return sources[list.entity].list(ctx, query, { listId: list.id });
    },

    async memberCount(ctx: RequestContext, id: string, query: { q?: string; filter?: string }) {
      const list = await loadLight(ctx, id);
      return sources[list.entity].count(ctx, query, { listId: list.id });
    },

    /** Adds ids or everything matching q and filter: one set-based statement; idempotent. */
    async addMembers(ctx: RequestContext, id: string, body: ListMembersBody): Promise<AddListMembersResult> {
      const list = await loadLight(ctx, id);
      const selection = await sources[list.entity].selectionSql(ctx, selectionOf(body));
      const res = await repo.addMembers(ctx.workspaceId, list, selection, ctx.memberId, EXPORT_TIMELINE_LIMIT);
      if (!res) throw notFound('List');
      await timeline(ctx, list, res.ids, 'added_to_list');
      return { added: res.added, alreadyPresent: res.alreadyPresent };
    },

    /** Removes ids, or the members matching q and filter; the records stay. */
    async removeMembers(ctx: RequestContext, id: string, body: ListMembersBody): Promise<RemoveListMembersResult> {
      const list = await loadLight(ctx, id);
      const selection = await sources[list.entity].selectionSql(ctx, selectionOf(body), { listId: list.id });
      const res = await repo.removeMembers(ctx.workspaceId, list, selection, EXPORT_TIMELINE_LIMIT);
      await timeline(ctx, list, res.ids, 'removed_from_list');
      return { removed: res.removed };
    },

    async prepareExport(ctx: RequestContext, id: string, query: ExportQuery) {
      const list = await loadLight(ctx, id);
      const exp = await sources[list.entity].prepareExport(ctx, query, { listId: list.id });
      const slug = list.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'list';
      return { ...exp, fileName: `${slug}-${new Date().toISOString().slice(0, 10)}.csv` };
    },

    /** The lists a contact or company belongs to (404 for a record of another workspace). */
    /** Called by contacts and companies when they merge two records (before the merged one is deleted). */
    moveMemberships: (workspaceId: string, entity: ListEntity, fromId: string, toId: string) =>
      repo.moveMemberships(workspaceId, entity, fromId, toId),

    async listsOf(ctx: RequestContext, entity: ListEntity, recordId: string): Promise<{ data: RecordList[] }> {
      await sources[entity].guard(ctx, recordId);
      const rows = await repo.listsOf(ctx.workspaceId, entity, recordId);
      return { data: rows.map((r) => ({ id: r.id, name: r.name, addedAt: r.addedAt })) };
    },
  };
}

export type ListsService = ReturnType<typeof createListsService>;
