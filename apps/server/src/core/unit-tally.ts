import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The units of work one request opens (decision 0039). A request-level use case commits or rolls
 * back as one: it opens one unit of work. The unit of work notes each opening on the tally of the
 * request it runs for; the test app's check (plugins/unit-check.plugin.ts) fails a request that
 * opened more than its route's documented count, or one unit inside another. Outside a tally
 * (production, jobs) noting is a look-up that finds nothing.
 */
export type UnitTally = {
  /** each opening's kind, in order: tenant, admin, resolve, read, readOnce, tenantClient */
  opened: string[];
  /** openings made inside another unit's work (two connections held by one use case) */
  nested: number;
};

const store = new AsyncLocalStorage<UnitTally>();
/** Set while a unit's work runs: a unit opened then is nested in it. */
const inside = new AsyncLocalStorage<true>();

export const newUnitTally = (): UnitTally => ({ opened: [], nested: 0 });

export const unitTally = {
  /** Runs `fn` (and all it starts) with `tally` as its request's tally. */
  run: <T>(tally: UnitTally, fn: () => T): T => store.run(tally, fn),
  /** Runs `fn` uncounted: work that is not the request's use case (a job run in process). */
  aside: <T>(fn: () => T): T => store.exit(() => inside.exit(fn)),
  /** A unit of work opens (counted when a request's tally is there). */
  opening(kind: string): void {
    const tally = store.getStore();
    if (!tally) return;
    tally.opened.push(kind);
    if (inside.getStore()) tally.nested++;
  },
  /** Runs a unit's work: a unit opened by it is nested (only looked at under a tally). */
  within: <T>(fn: () => T): T => (store.getStore() ? inside.run(true, fn) : fn()),
};

/**
 * A unit of work whose openings are not the request's: the email verifier's deployment-wide
 * cache reads and writes its own short units, kept whether the use case that asked commits or
 * not (decision 0039 lists it).
 */
export function uncounted<U extends object>(uow: U): U {
  return Object.fromEntries(
    Object.entries(uow).map(([k, v]) => [k, typeof v === 'function' ? (...args: unknown[]) => unitTally.aside(() => (v as (...a: unknown[]) => unknown)(...args)) : v]),
  ) as U;
}
