/** Fewer rows than this written: the planner's statistics are left as they are. */
const FIRST_AT = 2_000;

/**
 * When an import refreshes the statistics of the tables it grows. Each table once the import
 * wrote as many rows as the table held of the workspace when it started (at least 2,000), then
 * each time that count quadruples: plans stay right for the workspace's size (a contacts import
 * into an empty workspace also grows its companies from none), and a workspace that already
 * holds a million contacts is not analyzed five times for a few percent more.
 */
export function statisticsSchedule(sizes: ReadonlyMap<string, number>) {
  const at = new Map([...sizes].map(([table, n]) => [table, Math.max(FIRST_AT, n)]));
  return {
    /** The tables to analyze now that `written` rows are written (each is then due again at 4×). */
    due(written: number): string[] {
      const tables = [...at].filter(([, n]) => written >= n).map(([table]) => table);
      for (const t of tables) at.set(t, written * 4);
      return tables;
    },
  };
}
