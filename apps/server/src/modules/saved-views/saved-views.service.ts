import type { FilterNode, SavedView, SavedViewCreate, SavedViewUpdate } from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/filters/pg-error.js';
import type { SavedViewChanges, SavedViewRow, SavedViewsRepository } from './saved-views.repository.js';

/** Grids that have saved views (their fields check a view's filter and sort). */
export type ViewGrid = 'contacts' | 'companies';
/** Checks a view's filter and sort against the grid's fields (a 400 naming the bad one), in the caller's unit of work. */
export type ViewChecker = (
  tx: Tx,
  ctx: RequestContext,
  grid: ViewGrid,
  view: { filter?: FilterNode | null; sort?: string | null },
) => Promise<void>;

/**
 * Saved views of the contacts and companies grids (issue 14): tabs above the grid. A member
 * sees their own and the workspace's shared views; only the creator changes or deletes a view.
 */
export function createSavedViewsService(deps: { uow: UnitOfWork; repo: SavedViewsRepository; check: ViewChecker }) {
  const { uow, repo } = deps;

  const toDto = (ctx: RequestContext, row: SavedViewRow): SavedView => ({
    id: row.id,
    grid: row.grid,
    name: row.name,
    q: row.q ?? null,
    filter: row.filter ?? null,
    sort: row.sort ?? null,
    columns: row.columns ?? null,
    shared: row.shared,
    ownerId: row.memberId,
    mine: row.memberId === ctx.memberId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const gridOf = (grid: string): ViewGrid => {
    if (grid !== 'contacts' && grid !== 'companies')
      throw invalidField('grid', 'Views are saved for the contacts and companies grids');
    return grid;
  };

  async function visible(tx: Tx, ctx: RequestContext, id: string) {
    const row = await repo.findVisible(tx, ctx.workspaceId, ctx.memberId, id);
    if (!row) throw notFound('Saved view');
    return row;
  }

  const nameTaken = (err: unknown): never => {
    if (isUniqueViolation(err, 'saved_views_name_unique'))
      throw conflict('You already have a view with this name', { field: 'name' });
    throw err;
  };

  return {
    list: (ctx: RequestContext, grid: string): Promise<SavedView[]> =>
      uow.tenant(ctx, async (tx) =>
        (await repo.listVisible(tx, ctx.workspaceId, ctx.memberId, grid)).map((row) => toDto(ctx, row)),
      ),

    async create(ctx: RequestContext, body: SavedViewCreate): Promise<SavedView> {
      const grid = gridOf(body.grid);
      return uow
        .tenant(ctx, async (tx) => {
          await deps.check(tx, ctx, grid, body);
          return toDto(
            ctx,
            await repo.insert(tx, {
              workspaceId: ctx.workspaceId,
              memberId: ctx.memberId,
              grid,
              name: body.name,
              q: body.q || null,
              filter: (body.filter ?? null) as Record<string, unknown> | null,
              sort: body.sort ?? null,
              columns: body.columns ?? null,
              shared: body.shared ?? false,
            }),
          );
        })
        .catch(nameTaken);
    },

    async update(ctx: RequestContext, id: string, body: SavedViewUpdate): Promise<SavedView> {
      return uow
        .tenant(ctx, async (tx) => {
          const row = await visible(tx, ctx, id);
          if (row.memberId !== ctx.memberId) throw forbidden('Only its creator can change this view');
          await deps.check(tx, ctx, gridOf(row.grid), body);
          const changes: SavedViewChanges = {};
          if (body.name !== undefined) changes.name = body.name;
          if (body.shared !== undefined) changes.shared = body.shared;
          if (body.q !== undefined) changes.q = body.q || null;
          if (body.filter !== undefined) changes.filter = body.filter as Record<string, unknown> | null;
          if (body.sort !== undefined) changes.sort = body.sort;
          if (body.columns !== undefined) changes.columns = body.columns;
          return toDto(ctx, Object.keys(changes).length ? await repo.update(tx, ctx.workspaceId, id, changes) : row);
        })
        .catch(nameTaken);
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await uow.tenant(ctx, async (tx) => {
        const row = await visible(tx, ctx, id);
        if (row.memberId !== ctx.memberId) throw forbidden('Only its creator can delete this view');
        await repo.delete(tx, ctx.workspaceId, id);
      });
    },
  };
}

export type SavedViewsService = ReturnType<typeof createSavedViewsService>;
