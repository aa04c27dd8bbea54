import type { WorkspaceCounts } from '../api/dashboard';

/**
 * Whether the dashboard shows its "Get started" cards: only to a workspace that has no
 * records yet (not while its counts load, so they do not flash; when they fail, it shows them).
 */
export function showGetStarted(counts: WorkspaceCounts | undefined, failed: boolean): boolean {
  if (failed) return true;
  if (!counts) return false;
  return counts.contacts === 0 && counts.companies === 0;
}
