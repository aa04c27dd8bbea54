import type { SearchResult } from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import type { SearchRepository } from './search.repository.js';

/**
 * The command palette's search (issue 14): one read of the caller's workspace (one
 * transaction under row-level security) answering each kind's first few matches.
 */
export function createSearchService(deps: { uow: UnitOfWork; repo: SearchRepository }) {
  const { uow, repo } = deps;
  return {
    search: (ctx: RequestContext, q: string, limit: number): Promise<SearchResult> =>
      uow.tenant(ctx, async (tx) => {
        await repo.boundTrigramScans(tx);
        return repo.search(tx, ctx.workspaceId, q, limit);
      }),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
