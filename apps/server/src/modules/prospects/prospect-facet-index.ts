import { prospectFacetNames, type FilterCondition, type FilterNode, type ProspectFacetName, type ProspectScope } from '@leadtrail/contracts';

/**
 * The facet columns of the whole prospect database in memory, one array per facet indexed by
 * the person's position in its load (prospect_people.pos): each value a small code into the
 * facet's dictionary. Counting every facet of a search is then one pass over flat arrays
 * (~1,000,000 positions in tens of milliseconds), where PostgreSQL needs a bitmap build per
 * filter and a heap visit per match for each facet pass (docs/decisions/0017).
 *
 * Only the facets' own conditions (top-level, is / isNot / anyOf / isEmpty / isNotEmpty) are
 * evaluated here; the rest of the search (keywords, other fields, nested groups) arrives as a
 * set of positions from SQL, and so do the workspace's exceptions (mine, suppressed).
 */

export type FacetColumns = {
  /** The load this was built from (prospect_facet_counts' 'load' row). */
  load: string;
  size: number;
  /** Per facet: code per position (0 = empty) and the dictionary (code - 1 → value). */
  codes: Record<ProspectFacetName, Uint16Array>;
  values: Record<ProspectFacetName, string[]>;
  /** Per facet: positions grouped by code (posting lists); code c's are post[start[c]..start[c+1]). */
  post: Record<ProspectFacetName, Int32Array>;
  start: Record<ProspectFacetName, Int32Array>;
};

/** Builds the columns from rows streamed in any order. */
export function facetColumnsBuilder(load: string, size: number) {
  const codes = Object.fromEntries(prospectFacetNames.map((f) => [f, new Uint16Array(size)])) as FacetColumns['codes'];
  const values = Object.fromEntries(prospectFacetNames.map((f) => [f, []])) as unknown as FacetColumns['values'];
  const dict = Object.fromEntries(prospectFacetNames.map((f) => [f, new Map<string, number>()])) as Record<ProspectFacetName, Map<string, number>>;
  return {
    set(pos: number, facet: ProspectFacetName, value: string | null) {
      if (value === null || value === '' || pos < 0 || pos >= size) return;
      let code = dict[facet].get(value);
      if (code === undefined) {
        if (values[facet].length >= 65_534) return; // beyond the dictionary: counted as empty
        values[facet].push(value);
        code = values[facet].length;
        dict[facet].set(value, code);
      }
      codes[facet][pos] = code;
    },
    done(): FacetColumns {
      const post = {} as FacetColumns['post'];
      const start = {} as FacetColumns['start'];
      for (const f of prospectFacetNames) {
        // counting sort of the positions by code
        const col = codes[f];
        const st = new Int32Array(values[f].length + 2);
        for (let pos = 0; pos < size; pos++) st[col[pos]! + 1]!++;
        for (let c = 1; c < st.length; c++) st[c]! += st[c - 1]!;
        const next = st.slice();
        const list = new Int32Array(size);
        for (let pos = 0; pos < size; pos++) list[next[col[pos]!]!++] = pos;
        post[f] = list;
        start[f] = st;
      }
      return { load, size, codes, values, post, start };
    },
  };
}

const BOOLEAN_FACETS = new Set<ProspectFacetName>(['hasEmail', 'hasPhone']);
const FACET_OPS = new Set(['is', 'isNot', 'anyOf', 'isEmpty', 'isNotEmpty']);

/** Whether a top-level condition is evaluated in memory (else it goes to SQL with the rest). */
export const inMemoryCondition = (n: FilterNode): n is FilterCondition & { field: ProspectFacetName } =>
  'field' in n && (prospectFacetNames as readonly string[]).includes(n.field) && FACET_OPS.has(n.op);

/** The top-level conditions of a filter: facet ones here, the others (as a filter) for SQL. */
export function splitFilter(filter: FilterNode | null): { facet: (FilterCondition & { field: ProspectFacetName })[]; rest: FilterNode | null } {
  if (!filter) return { facet: [], rest: null };
  const top = 'and' in filter ? filter.and : [filter];
  const facet = top.filter(inMemoryCondition);
  const rest = top.filter((n) => !inMemoryCondition(n));
  return { facet, rest: rest.length ? { and: rest } : null };
}

/**
 * Which codes of a facet a condition lets through (index = code; code 0 is empty), with the
 * filter language's semantics (compile.ts): text compares lower-case, "is not" keeps empties,
 * isEmpty matches empty. Values were validated by the SQL compiler first.
 */
function allowed(cols: FacetColumns, c: FilterCondition & { field: ProspectFacetName }): Uint8Array {
  const dict = cols.values[c.field];
  const out = new Uint8Array(dict.length + 1);
  const norm = (v: unknown) => {
    const s = String(v);
    if (BOOLEAN_FACETS.has(c.field)) return s === 'true' || s === 'false' ? s : String(!!v);
    return s.toLowerCase();
  };
  // text compares lower-case; enum values are matched case-insensitively (as by their labels)
  const key = (value: string) => value.toLowerCase();
  const list = new Set((Array.isArray(c.value) ? c.value : [c.value]).map(norm));
  if (c.op === 'isEmpty') out[0] = 1;
  else if (c.op === 'isNotEmpty') out.fill(1, 1);
  else if (c.op === 'isNot') {
    out.fill(1);
    dict.forEach((v, i) => list.has(key(v)) && (out[i + 1] = 0));
  } else dict.forEach((v, i) => list.has(key(v)) && (out[i + 1] = 1));
  return out;
}

/** Per-position flags of the workspace's exceptions. */
export const MINE = 1;
export const SUPPRESSED = 2;

export type FacetCountInput = {
  facetConditions: (FilterCondition & { field: ProspectFacetName })[];
  /** Positions matching the rest of the search (null: everyone). */
  rest: Int32Array | null;
  /** The workspace's exceptions: their positions, and MINE | SUPPRESSED per position (0 for most). */
  exceptions: { positions: Int32Array; flags: Uint8Array };
  scope: ProspectScope;
  includeSuppressed: boolean;
};

export type FacetCountOutput = {
  counts: Record<ProspectFacetName, Map<string, number>>;
  totals: { base: number; mine: number; suppressed: number };
};

type U16 = Uint16Array;
type I32 = Int32Array;

/**
 * A person passing every facet group counts in every facet (and the totals); one failing
 * exactly one facet's group counts in that facet only (its counts leave its own condition
 * out); the scope and suppression decide whether it is in view at all. Only people who can
 * count are visited: the rest's positions, or with facet conditions the posting lists of the
 * two most selective groups (a person failing at most one group passes one of any two); with
 * one group, its own facet is the load's distribution corrected by the exceptions.
 */
export function countFacets(cols: FacetColumns, input: FacetCountInput): FacetCountOutput {
  const { rest, scope, includeSuppressed } = input;
  const flags = input.exceptions.flags;
  const byFacet = new Map<ProspectFacetName, Uint8Array>();
  for (const c of input.facetConditions) {
    const a = allowed(cols, c);
    const prev = byFacet.get(c.field);
    if (prev) for (let i = 0; i < a.length; i++) a[i] = a[i]! & prev[i]!;
    byFacet.set(c.field, a);
  }
  const gFacets = [...byFacet.keys()];
  const gCodes = gFacets.map((f) => cols.codes[f]);
  const gAllowed = gFacets.map((f) => byFacet.get(f)!);
  const k = gFacets.length;
  const facetIndex = new Map(prospectFacetNames.map((f, i) => [f, i]));
  const gToFacet = gFacets.map((f) => facetIndex.get(f)!);
  const tallies = prospectFacetNames.map((f) => new Int32Array(cols.values[f].length + 1));
  // nine facets unrolled into locals: the hot loop's array-of-arrays lookups cost more than the counting
  const [c0, c1, c2, c3, c4, c5, c6, c7, c8] = prospectFacetNames.map((f) => cols.codes[f]) as [U16, U16, U16, U16, U16, U16, U16, U16, U16];
  const [t0, t1, t2, t3, t4, t5, t6, t7, t8] = tallies as [I32, I32, I32, I32, I32, I32, I32, I32, I32];
  let base = 0, mine = 0, suppressed = 0;
  const inView = (f: number) => {
    const isMine = (f & MINE) !== 0;
    const hidden = (f & SUPPRESSED) !== 0 && !includeSuppressed;
    return scope === 'mine' ? isMine && !hidden : !hidden && !(scope === 'net_new' && isMine);
  };

  const consider = (pos: number) => {
    let failed = -1;
    let failures = 0;
    for (let g = 0; g < k; g++) {
      if (!gAllowed[g]![gCodes[g]![pos]!]) {
        if (++failures > 1) return;
        failed = g;
      }
    }
    const f = flags[pos]!;
    if (failures === 0) {
      base++;
      if (f & SUPPRESSED) suppressed++;
      if (f & MINE && (includeSuppressed || !(f & SUPPRESSED))) mine++;
    }
    if (!inView(f)) return;
    if (failures === 0) {
      t0[c0[pos]!]!++;
      t1[c1[pos]!]!++;
      t2[c2[pos]!]!++;
      t3[c3[pos]!]!++;
      t4[c4[pos]!]!++;
      t5[c5[pos]!]!++;
      t6[c6[pos]!]!++;
      t7[c7[pos]!]!++;
      t8[c8[pos]!]!++;
    } else {
      const i = gToFacet[failed]!;
      tallies[i]![gCodes[failed]![pos]!]!++;
    }
  };
  /** Every position of a group's allowed values (its posting lists). */
  const eachOf = (g: number, fn: (pos: number) => void) => {
    const facet = gFacets[g]!;
    const post = cols.post[facet];
    const start = cols.start[facet];
    const ok = gAllowed[g]!;
    for (let code = 0; code < ok.length; code++) {
      if (!ok[code]) continue;
      for (let i = start[code]!; i < start[code + 1]!; i++) fn(post[i]!);
    }
  };
  const sizeOf = (g: number) => {
    const start = cols.start[gFacets[g]!];
    let n = 0;
    gAllowed[g]!.forEach((ok, code) => ok && (n += start[code + 1]! - start[code]!));
    return n;
  };

  if (rest) {
    for (const pos of rest) consider(pos);
  } else if (k === 0) {
    for (let pos = 0; pos < cols.size; pos++) consider(pos);
  } else if (k === 1) {
    eachOf(0, consider);
    // the group's own facet leaves its condition out: everyone, by value, corrected by the exceptions
    const facet = gFacets[0]!;
    const own = tallies[gToFacet[0]!]!;
    const start = cols.start[facet];
    for (let code = 0; code < own.length; code++) own[code] = scope === 'mine' ? 0 : start[code + 1]! - start[code]!;
    for (const pos of input.exceptions.positions) {
      const visible = inView(flags[pos]!);
      const code = cols.codes[facet][pos]!;
      if (scope === 'mine' && visible) own[code]!++;
      if (scope !== 'mine' && !visible) own[code]!--;
    }
  } else {
    const order = gFacets.map((_, g) => g).sort((x, y) => sizeOf(x) - sizeOf(y));
    const [a, b] = order as [number, number];
    const aCodes = gCodes[a]!;
    const aOk = gAllowed[a]!;
    eachOf(a, consider);
    eachOf(b, (pos) => {
      if (!aOk[aCodes[pos]!]) consider(pos);
    });
  }
  const counts = Object.fromEntries(
    prospectFacetNames.map((f, i) => {
      const m = new Map<string, number>();
      cols.values[f].forEach((v, c) => tallies[i]![c + 1]! > 0 && m.set(v, tallies[i]![c + 1]!));
      return [f, m];
    }),
  ) as FacetCountOutput['counts'];
  return { counts, totals: { base, mine, suppressed } };
}

/**
 * The empty search: the load's precomputed counts (prospect_facet_counts) corrected by the
 * workspace's exceptions only — no pass over the million.
 */
export function countFromRollup(
  cols: FacetColumns,
  rollup: { counts: Record<ProspectFacetName, Map<string, number>>; total: number },
  exceptions: { positions: Int32Array; flags: Uint8Array },
  view: { scope: ProspectScope; includeSuppressed: boolean },
): FacetCountOutput {
  const counts = Object.fromEntries(
    prospectFacetNames.map((f) => [f, view.scope === 'mine' ? new Map<string, number>() : new Map(rollup.counts[f])]),
  ) as FacetCountOutput['counts'];
  let mine = 0, suppressed = 0;
  for (const pos of exceptions.positions) {
    const f = exceptions.flags[pos]!;
    const isMine = (f & MINE) !== 0;
    const isSuppressed = (f & SUPPRESSED) !== 0;
    const hidden = isSuppressed && !view.includeSuppressed;
    if (isSuppressed) suppressed++;
    if (isMine && !hidden) mine++;
    const inView = view.scope === 'mine' ? isMine && !hidden : !hidden && !(view.scope === 'net_new' && isMine);
    const delta = view.scope === 'mine' ? (inView ? 1 : 0) : inView ? 0 : -1;
    if (!delta) continue;
    for (const facet of prospectFacetNames) {
      const code = cols.codes[facet][pos]!;
      if (!code) continue;
      const value = cols.values[facet][code - 1]!;
      counts[facet].set(value, (counts[facet].get(value) ?? 0) + delta);
    }
  }
  return { counts, totals: { base: rollup.total, mine, suppressed } };
}
