/**
 * Bulk jobs that spend a member's credits (a bulk reveal, an import's enrichment, later a
 * verification) stop when cancelled, or at their next batch once their starter can no longer
 * run them (docs/decisions/0027-bulk-jobs-and-reveal-life.md).
 */
export const bulkJobStopReasons = ['cancelled', 'starter_deactivated', 'starter_role'] as const;
export type BulkJobStopReason = (typeof bulkJobStopReasons)[number];

/** What a stopped job says (its `error` line in the UI). */
export const bulkJobStopMessages: Record<BulkJobStopReason, string> = {
  cancelled: 'Cancelled: what was revealed stays, and the rest was not charged',
  starter_deactivated: 'Stopped: the member who started it was deactivated; what was revealed stays',
  starter_role: "Stopped: the member who started it no longer has the role to run it; what was revealed stays",
};
