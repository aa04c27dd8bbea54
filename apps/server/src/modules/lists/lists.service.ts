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
import { AppError, forbidden, invalidCursor, invalidField, notFound } from '../../lib/errors.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/filters/pg-error.js';
import type { sendCsv } from '../../lib/filters/csv.js';
import { newId } from '../../lib/ids.js';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { EXPORT_TIMELINE_LIMIT, type ActivityService, type RecordCheck } from '../activity/activity.service.js';
import { ANALYZE_AFTER, idSelection, type ListEntity, type ListRecord, type ListsRepository, type RecordSelection } from './lists.repository.js';
import type { WebhookEvents } from '../webhooks/webhooks.service.js';
import { gridReadOptions } from '../../core/heavy-slots.js';

/** "Only these list members": what a list page passes to the contacts or companies grid. */
export type ListScope = { listId: string };

/** Which records of a grid: ids, or every record matching q and filter (optionally within a list). */
export type GridSelection = { ids: string[] } | { q?: string; filter: FilterNode | null; filterPath?: string };

/** What streams an export's rows into the CSV answer (lib/filters/csv.ts decides its shape). */
type CsvProducer = Parameters<typeof sendCsv>[3];

type GridQuery = { limit: number; cursor?: string; q?: string; sort?: string; filter?: string; count?: boolean };
type ExportQuery = { q?: string; sort?: string; filter?: string; columns?: string; ids?: string; includeSuppressed?: boolean; tz?: string };

/**
 * What lists need from the contacts and companies services: their grid, count and export
 * scoped to a list's members, and a selection as a subquery (for set-based adds).
 */
export type ListGridSource = {
  list: (ctx: RequestContext, query: GridQuery, scope?: ListScope) => Promise<{ data: (Contact | Company)[]; nextCursor: string | null; total?: number }>;
  count: (ctx: RequestContext, query: { q?: string; filter?: string }, scope?: ListScope) => Promise<{ total: number }>;
  /** The grid and its count on the caller's read unit (a list's members: the list read first in it). */
  listIn: (tx: Tx, ctx: RequestContext, query: GridQuery, scope?: ListScope) => Promise<{ data: (Contact | Company)[]; nextCursor: string | null; total?: number }>;
  countIn: (tx: Tx, ctx: RequestContext, query: { q?: string; filter?: string }, scope?: ListScope) => Promise<{ total: number }>;
  prepareExport: (
    ctx: RequestContext,
    query: ExportQuery,
    scope?: ListScope,
  ) => Promise<{ header: string[]; stream: CsvProducer }>;
  /** `select … id from … where …`: the records of the workspace the selection names. */
  selectionSql: (ctx: RequestContext, selection: GridSelection, scope?: ListScope) => Promise<RecordSelection>;
  /** The same, read in the caller's unit of work (a list's add or remove is one). */
  selectionSqlIn: (tx: Tx, ctx: RequestContext, selection: GridSelection, scope?: ListScope) => Promise<RecordSelection>;
};

type Deps = {
  repo: ListsRepository;
  uow: UnitOfWork;
  /** A record's pre-check in the use case's unit of work (a 404 unless it is in the workspace). */
  assertRecordIn: RecordCheck;
  /**
   * The contacts and companies grids (built before lists: a merge moves memberships through
   * `listMemberships` on the lists repository, not through this service, so no cycle).
   */
  sources: Record<ListEntity, ListGridSource>;
  activity: Pick<ActivityService, 'recordIn'>;
  /** Webhooks: `list.members_added`, written in the add's own transaction. */
  events?: WebhookEvents;
};

/**
 * A merge's move of the merged record's list memberships to the kept one, in the merge's unit of
 * work: the lists repository (their one writer), handed to contacts and companies by the container.
 */
export const listMemberships = (repo: Pick<ListsRepository, 'moveMemberships'>) => ({
  moveMembershipsIn: (tx: Tx, ctx: Pick<RequestContext, 'workspaceId'>, entity: ListEntity, fromId: string, toId: string) =>
    repo.moveMemberships(tx, ctx.workspaceId, entity, fromId, toId),
});

/** Who acts, as far as a list use case inside another module's unit of work needs it. */
type Actor = Pick<RequestContext, 'workspaceId' | 'memberId'>;

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
  const { repo, uow, sources, activity } = deps;

  async function load(tx: Tx, ctx: RequestContext, id: string) {
    const list = await repo.find(tx, ctx.workspaceId, id);
    if (!list) throw notFound('List');
    return list;
  }

  /** The list's id, name, entity and owner (404 like a missing one for another workspace's). */
  async function loadLight(tx: Tx, ctx: Pick<RequestContext, 'workspaceId'>, id: string, lock = false) {
    const list = await repo.findLight(tx, ctx.workspaceId, id, { lock });
    if (!list) throw notFound('List');
    return list;
  }

  const light = (ctx: RequestContext, id: string) => uow.tenant(ctx, (tx) => loadLight(tx, ctx, id));

  const canManage = (ctx: RequestContext, list: Pick<ListRecord, 'ownerId'>) => ctx.permissions.includes('records:delete-any') || list.ownerId === ctx.memberId;

  async function ensureNameFree(tx: Tx, ctx: RequestContext, name: string, exceptId?: string) {
    const existing = await repo.idByName(tx, ctx.workspaceId, name, exceptId);
    if (existing) throw nameTaken(existing);
  }

  /** A write refused by a constraint (its transaction is over): the reason, asked in a new one. */
  async function writeFailed(ctx: RequestContext, err: unknown, name: string | undefined, exceptId?: string): Promise<never> {
    if (isUniqueViolation(err, 'lists_name_unique') && name) {
      const existing = await uow.tenant(ctx, (tx) => repo.idByName(tx, ctx.workspaceId, name, exceptId));
      if (existing) throw nameTaken(existing);
    }
    if (isForeignKeyViolation(err)) throw invalidField('ownerId', 'Choose a member of this workspace');
    throw err;
  }

  const selectionOf = (body: ListMembersBody): GridSelection =>
    'ids' in body ? { ids: body.ids } : { q: body.q, filter: body.filter, filterPath: 'filter' };

  /** "added to list" / "removed from list" on each record's timeline, for selections of a sensible size. */
  async function timeline(tx: Tx, ctx: Actor, list: Pick<ListRecord, 'id' | 'name' | 'entity'>, ids: string[], type: 'added_to_list' | 'removed_from_list') {
    if (!ids.length || ids.length > EXPORT_TIMELINE_LIMIT) return;
    await activity.recordIn(
      tx,
      ctx.workspaceId,
      ids.map((recordId) => ({ entity: list.entity, recordId, type, actorId: ctx.memberId, data: { listId: list.id, listName: list.name } })),
    );
  }

  /** Adds the selection's records and their timeline entries in the caller's unit of work. */
  async function addIn(tx: Tx, ctx: Actor, list: { id: string; name: string; entity: ListEntity }, selection: RecordSelection) {
    const res = await repo.addMembers(tx, ctx.workspaceId, list, selection, ctx.memberId, EXPORT_TIMELINE_LIMIT);
    if (!res) throw notFound('List');
    await timeline(tx, ctx, list, res.ids, 'added_to_list');
    if (res.added > 0) {
      // the ids when the add is of a sensible size (as the timeline), else only the count
      const recordIds = res.ids.length === res.added ? res.ids : null;
      await deps.events?.emitIn(tx, ctx, 'list.members_added', { listId: list.id, listName: list.name, entity: list.entity, added: res.added, recordIds });
    }
    return res;
  }

  /** After a large add, fresh planner statistics (as the tables' owner; a failure only costs speed). */
  async function analyzeAfter(ctx: RequestContext, entity: ListEntity, added: number) {
    if (added < ANALYZE_AFTER) return;
    await uow.tenant(ctx, (tx) => repo.analyze(tx, entity), { restricted: false, statementTimeoutMs: 0 }).catch(() => undefined);
  }

  return {
    async list(
      ctx: RequestContext,
      query: { limit: number; cursor?: string; q?: string; entity?: ListEntity; sort: ListSort; count?: boolean },
    ): Promise<ListPage> {
      // the lists of a workspace are few: an offset cursor keeps every sort (incl. member count) simple
      const offset = query.cursor === undefined ? 0 : /^\d{1,9}$/.test(query.cursor) ? Number(query.cursor) : -1;
      if (offset < 0) throw invalidCursor();
      const f = { q: query.q || undefined, entity: query.entity };
      const [rows, total] = await uow.tenant(ctx, async (tx) => [
        await repo.page(tx, ctx.workspaceId, f, query.sort, offset, query.limit + 1),
        query.count ? await repo.count(tx, ctx.workspaceId, f) : undefined,
      ] as const);
      return {
        data: rows.slice(0, query.limit).map(toList),
        nextCursor: rows.length > query.limit ? String(offset + query.limit) : null,
        ...(total !== undefined ? { total } : {}),
      };
    },

    get: (ctx: RequestContext, id: string) => uow.tenant(ctx, async (tx) => toList(await load(tx, ctx, id))),
    /** The same in the caller's unit of work (an import's start checks its list inside its own). */
    getIn: async (tx: Tx, ctx: RequestContext, id: string) => toList(await load(tx, ctx, id)),

    async create(ctx: RequestContext, body: CreateListBody): Promise<List> {
      try {
        return await uow.tenant(ctx, (tx) => createIn(tx, ctx, body));
      } catch (err) {
        return writeFailed(ctx, err, body.name);
      }
    },

    /** Rename, describe, or hand over (the owner of the list, owners and admins). */
    async update(ctx: RequestContext, id: string, body: UpdateListBody): Promise<List> {
      try {
        return await uow.tenant(ctx, async (tx) => {
          const list = await loadLight(tx, ctx, id, true);
          if (body.ownerId !== undefined && body.ownerId !== list.ownerId && !canManage(ctx, list)) {
            throw forbidden('Only the owner of the list, owners and admins can hand it to someone else');
          }
          if (body.name !== undefined && body.name.toLowerCase() !== list.name.toLowerCase()) await ensureNameFree(tx, ctx, body.name, id);
          await repo.update(tx, ctx.workspaceId, id, {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.description !== undefined ? { description: body.description || null } : {}),
            ...(body.ownerId !== undefined ? { ownerId: body.ownerId } : {}),
          });
          return toList(await load(tx, ctx, id));
        });
      } catch (err) {
        return writeFailed(ctx, err, body.name, id);
      }
    },

    /** Deletes the list; its members (contacts, companies) stay. Members may delete only their own lists. */
    delete: (ctx: RequestContext, id: string) =>
      uow.tenant(ctx, async (tx) => {
        const list = await loadLight(tx, ctx, id, true);
        if (!canManage(ctx, list)) throw forbidden('Members can delete only the lists they own');
        await repo.delete(tx, ctx.workspaceId, id);
      }),

    /** One read unit: the list (a 404 for another workspace's), then its members' page and total. */
    members: (ctx: RequestContext, id: string, query: GridQuery) =>
      uow.read(
        ctx,
        async (tx) => {
          const list = await loadLight(tx, ctx, id);
          return sources[list.entity].listIn(tx, ctx, query, { listId: list.id });
        },
        gridReadOptions(query),
      ),

    memberCount: (ctx: RequestContext, id: string, query: { q?: string; filter?: string }) =>
      uow.read(
        ctx,
        async (tx) => {
          const list = await loadLight(tx, ctx, id);
          return sources[list.entity].countIn(tx, ctx, query, { listId: list.id });
        },
        gridReadOptions(query),
      ),

    /** Adds ids or everything matching q and filter: one set-based statement; idempotent. */
    async addMembers(ctx: RequestContext, id: string, body: ListMembersBody): Promise<AddListMembersResult> {
      const { list, res } = await uow.tenant(ctx, async (tx) => {
        const list = await loadLight(tx, ctx, id);
        const selection = await sources[list.entity].selectionSqlIn(tx, ctx, selectionOf(body));
        return { list, res: await addIn(tx, ctx, list, selection) };
      });
      // after a large add only: maintenance as the tables' owner, once the add has committed
      await analyzeAfter(ctx, list.entity, res.added);
      return { added: res.added, alreadyPresent: res.alreadyPresent };
    },

    /**
     * Inside another use case's unit of work (an import batch, a reveal): adds these records of
     * the list's entity (ids of other workspaces or of the other entity select nothing), with
     * their timeline entries. 404 when the list is not the workspace's.
     */
    async addRecordsIn(tx: Tx, ctx: Actor, listId: string, ids: string[]): Promise<AddListMembersResult> {
      if (ids.length === 0) return { added: 0, alreadyPresent: 0 };
      const list = await loadLight(tx, ctx, listId);
      const res = await addIn(tx, ctx, list, idSelection(ctx.workspaceId, list.entity, ids));
      return { added: res.added, alreadyPresent: res.alreadyPresent };
    },

    /** Removes ids, or the members matching q and filter; the records stay. */
    async removeMembers(ctx: RequestContext, id: string, body: ListMembersBody): Promise<RemoveListMembersResult> {
      return uow.tenant(ctx, async (tx) => {
        const list = await loadLight(tx, ctx, id);
        const selection = await sources[list.entity].selectionSqlIn(tx, ctx, selectionOf(body), { listId: list.id });
        const res = await repo.removeMembers(tx, ctx.workspaceId, list, selection, EXPORT_TIMELINE_LIMIT);
        await timeline(tx, ctx, list, res.ids, 'removed_from_list');
        return { removed: res.removed };
      });
    },

    async prepareExport(ctx: RequestContext, id: string, query: ExportQuery) {
      const list = await light(ctx, id);
      const exp = await sources[list.entity].prepareExport(ctx, query, { listId: list.id });
      const slug = list.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'list';
      return { ...exp, fileName: `${slug}-${new Date().toISOString().slice(0, 10)}.csv` };
    },

    /** Called by a contacts or companies merge inside its unit of work, before the merged record is deleted. */
    ...listMemberships(repo),

    createIn,

    /** The lists a contact or company belongs to (404 for a record of another workspace). */
    async listsOf(ctx: RequestContext, entity: ListEntity, recordId: string): Promise<{ data: RecordList[] }> {
      const rows = await uow.tenant(ctx, async (tx) => {
        await deps.assertRecordIn(tx, ctx.workspaceId, entity, recordId);
        return repo.listsOf(tx, ctx.workspaceId, entity, recordId);
      });
      return { data: rows.map((r) => ({ id: r.id, name: r.name, addedAt: r.addedAt })) };
    },
  };

  /**
   * Creates a list owned by the caller inside the caller's unit of work (an import's "new list").
   * 409 list_name_taken when a list has the name in any case; a race on the name surfaces as the
   * unique violation, which ends the transaction (create() turns it into the same 409).
   */
  async function createIn(tx: Tx, ctx: RequestContext, body: CreateListBody): Promise<List> {
    await ensureNameFree(tx, ctx, body.name);
    const id = newId();
    await repo.insert(tx, ctx.workspaceId, {
      id,
      name: body.name,
      entity: body.entity,
      description: body.description || null,
      ownerId: ctx.memberId,
      createdBy: ctx.memberId,
    });
    return toList(await load(tx, ctx, id));
  }
}

export type ListsService = ReturnType<typeof createListsService>;
