import { AppError } from '../lib/errors.js';

/** Seconds a refused heavy request is told to wait (most heavy statements end within that). */
export const HEAVY_RETRY_AFTER_S = 2;

export type HeavyLimits = {
  /** heavy statements one workspace may run at once in this process */
  perWorkspace: number;
  /** heavy statements of all workspaces at once in this process: the rest of its pool stays for light work */
  total: number;
};

/**
 * Slots for heavy statements (a filtered grid or count, a field's values, an export, a bulk
 * change), counted per process: what they hold is this process's pool connections, so the
 * process is the unit (docs/decisions/0029). A request over its workspace's share is refused
 * at once (429), one over the process's share too (503), both with Retry-After: nothing waits
 * for a slot, so nothing holds a connection, or a place in the pool's queue, while waiting.
 */
export function createHeavySlots(limits: HeavyLimits) {
  const total = Math.max(1, limits.total);
  // one workspace never holds every heavy slot: another's filtered grid still runs
  const perWorkspace = Math.max(1, Math.min(limits.perWorkspace, total - 1));
  const held = new Map<string, number>();
  let all = 0;

  return {
    limits: { perWorkspace, total },
    /** A slot for the workspace, or a 429/503; the function it returns gives it back (once). */
    take(workspaceId: string): () => void {
      const mine = held.get(workspaceId) ?? 0;
      if (mine >= perWorkspace)
        throw new AppError(
          429,
          'workspace_busy',
          `This workspace already runs ${perWorkspace} large requests at once (filtered grids, exports, bulk changes). Try again in a moment.`,
          { retryAfter: HEAVY_RETRY_AFTER_S, limit: perWorkspace },
        );
      if (all >= total)
        throw new AppError(503, 'server_busy', 'The service is busy with large requests. Try again in a moment.', {
          retryAfter: HEAVY_RETRY_AFTER_S,
        });
      held.set(workspaceId, mine + 1);
      all++;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        all--;
        const left = (held.get(workspaceId) ?? 1) - 1;
        if (left > 0) held.set(workspaceId, left);
        else held.delete(workspaceId);
      };
    },
    /** Slots in use (metrics, tests). */
    inUse: () => all,
  };
}

export type HeavySlots = ReturnType<typeof createHeavySlots>;

/**
 * A grid read's unit options, for a caller that opens the unit itself (a list's members grid reads
 * its list in the same unit): a searched or filtered grid is heavy (decision 0029).
 */
export const gridReadOptions = (query: { q?: string; filter?: string }) => ({ heavy: !!(query.q || query.filter) });
