import {
  prospectSearchBodySchema,
  type SavedSearch,
  type SavedSearchCreate,
  type SavedSearchUpdate,
} from '@leadtrail/contracts';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/filters/pg-error.js';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import type { ProspectsService } from '../prospects/prospects.service.js';
import type { SavedSearchesRepository, SavedSearchRow } from './saved-searches.repository.js';

/** "N new" is counted for the first searches only: each count is a prospect search (one after the other, in the list's transaction). */
export const NEW_COUNT_LIMIT = 20;

/** A saved search's query as parsed (scope defaulted, filter an object). */
type SearchQuery = ReturnType<typeof prospectSearchBodySchema.parse>;

/**
 * Saved prospect searches (issue 10). A member sees their own and the workspace's shared
 * ones; only the creator changes a private one, and the creator or an owner/admin
 * (records:delete-any) a shared one. "Opened" is per search (whoever opens it resets "N new").
 */
export function createSavedSearchesService(deps: { uow: UnitOfWork; repo: SavedSearchesRepository; prospects: Pick<ProspectsService, 'totalsIn'> }) {
  const { uow, repo, prospects } = deps;

  const queryOf = (row: SavedSearchRow): SearchQuery => prospectSearchBodySchema.parse(row.query);
  const total = async (tx: Tx, ctx: RequestContext, query: SearchQuery) => (await prospects.totalsIn(tx, ctx, [query]))[0]!;

  const toDto = (ctx: RequestContext, row: SavedSearchRow, current: number | null): SavedSearch => ({
    id: row.id,
    name: row.name,
    query: queryOf(row),
    shared: row.shared,
    ownerId: row.memberId,
    mine: row.memberId === ctx.memberId,
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    newCount: current === null ? 0 : Math.max(0, current - row.lastSeenTotal),
    createdAt: row.createdAt.toISOString(),
  });

  async function visible(tx: Tx, ctx: RequestContext, id: string) {
    const row = await repo.findVisible(tx, ctx.workspaceId, ctx.memberId, id);
    if (!row) throw notFound('Saved search');
    return row;
  }

  function ensureCanChange(ctx: RequestContext, row: SavedSearchRow) {
    if (row.memberId === ctx.memberId) return;
    if (row.shared && ctx.permissions.includes('records:delete-any')) return;
    throw forbidden('Only its creator, or an owner or admin for a shared search, can change this search');
  }

  /** A unique name refused by the database: its transaction is over, so the error is thrown after. */
  const nameTaken = (err: unknown): never => {
    if (isUniqueViolation(err, 'saved_searches_name_unique')) throw conflict('You already have a saved search with this name', { field: 'name' });
    throw err;
  };

  return {
    async list(ctx: RequestContext): Promise<SavedSearch[]> {
      return uow.tenant(ctx, async (tx) => {
        const rows = await repo.listVisible(tx, ctx.workspaceId, ctx.memberId);
        const totals = await prospects.totalsIn(tx, ctx, rows.slice(0, NEW_COUNT_LIMIT).map(queryOf));
        return rows.map((row, i) => toDto(ctx, row, totals[i] ?? null));
      });
    },

    async create(ctx: RequestContext, body: SavedSearchCreate): Promise<SavedSearch> {
      const query = prospectSearchBodySchema.parse(body.query);
      return uow
        .tenant(ctx, async (tx) => {
          // a new search starts with nothing new: what it finds now counts as seen
          const current = await total(tx, ctx, query);
          const row = await repo.insert(tx, {
            workspaceId: ctx.workspaceId,
            memberId: ctx.memberId,
            name: body.name,
            query,
            shared: body.shared ?? false,
            lastOpenedAt: new Date(),
            lastSeenTotal: current,
          });
          return toDto(ctx, row, current);
        })
        .catch(nameTaken);
    },

    async update(ctx: RequestContext, id: string, body: SavedSearchUpdate): Promise<SavedSearch> {
      return uow
        .tenant(ctx, async (tx) => {
          const row = await visible(tx, ctx, id);
          ensureCanChange(ctx, row);
          const query = body.query ? prospectSearchBodySchema.parse(body.query) : undefined;
          const changes = Object.fromEntries(Object.entries({ name: body.name, shared: body.shared, query }).filter(([, v]) => v !== undefined));
          const saved = Object.keys(changes).length ? await repo.update(tx, ctx.workspaceId, id, changes) : row;
          return toDto(ctx, saved, await total(tx, ctx, queryOf(saved)));
        })
        .catch(nameTaken);
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await uow.tenant(ctx, async (tx) => {
        ensureCanChange(ctx, await visible(tx, ctx, id));
        await repo.delete(tx, ctx.workspaceId, id);
      });
    },

    /** Opening a tab: what the search finds now is seen, so "N new" is back to 0. */
    async open(ctx: RequestContext, id: string): Promise<SavedSearch> {
      return uow.tenant(ctx, async (tx) => {
        const row = await visible(tx, ctx, id);
        const current = await total(tx, ctx, queryOf(row));
        const saved = await repo.update(tx, ctx.workspaceId, id, { lastOpenedAt: new Date(), lastSeenTotal: current });
        return toDto(ctx, saved, current);
      });
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
