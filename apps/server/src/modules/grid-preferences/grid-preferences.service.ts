import type { GridPreferences, GridPreferencesBody } from '@leadtrail/contracts';
import { invalidField } from '../../lib/errors.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import type { GridPreferencesRepository } from './grid-preferences.repository.js';

/**
 * Each member's columns (chosen and ordered), widths and page size per grid. Column names
 * aren't checked against the fields: a custom field deleted later just drops out in the UI.
 */
export function createGridPreferencesService(deps: { repo: GridPreferencesRepository; uow: UnitOfWork }) {
  const { repo, uow } = deps;
  const empty = (grid: string): GridPreferences => ({ grid, columns: null, widths: null, pageSize: null, updatedAt: null });
  return {
    async get(ctx: RequestContext, grid: string): Promise<GridPreferences> {
      const row = await uow.tenant(ctx, (tx) => repo.find(tx, ctx.workspaceId, ctx.memberId, grid));
      if (!row) return empty(grid);
      return { grid, columns: row.columns, widths: row.widths ?? null, pageSize: row.pageSize ?? null, updatedAt: row.updatedAt.toISOString() };
    },

    async put(ctx: RequestContext, grid: string, body: GridPreferencesBody): Promise<GridPreferences> {
      if (new Set(body.columns).size !== body.columns.length) throw invalidField('columns', 'A column is listed twice');
      const row = await uow.tenant(ctx, (tx) => repo.upsert(tx, {
        workspaceId: ctx.workspaceId,
        memberId: ctx.memberId,
        grid,
        columns: body.columns,
        widths: body.widths ?? null,
        pageSize: body.pageSize ?? null,
      }));
      return { grid, columns: row.columns, widths: row.widths ?? null, pageSize: row.pageSize ?? null, updatedAt: row.updatedAt.toISOString() };
    },

    async reset(ctx: RequestContext, grid: string) {
      await uow.tenant(ctx, (tx) => repo.delete(tx, ctx.workspaceId, ctx.memberId, grid));
      return empty(grid);
    },
  };
}

export type GridPreferencesService = ReturnType<typeof createGridPreferencesService>;
