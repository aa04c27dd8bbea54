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
    done: (): FacetColumns => ({ load, size, codes, values }),
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
  rest: Uint8Array | null;
  /** MINE | SUPPRESSED per position (0 for most). */
  flags: Uint8Array;
  scope: ProspectScope;
  includeSuppressed: boolean;
};

export type FacetCountOutput = {
  counts: Record<ProspectFacetName, Map<string, number>>;
  totals: { base: number; mine: number; suppressed: number };
};

/**
 * One pass: a position passing every facet group counts in every facet (and the totals); one
 * failing exactly one facet's group counts in that facet only (its counts leave its own
 * condition out); the scope and suppression decide whether it is in view at all.
 */
export function countFacets(cols: FacetColumns, input: FacetCountInput): FacetCountOutput {
  const groups = new Map<ProspectFacetName, Uint8Array[]>();
  for (const c of input.facetConditions) groups.set(c.field, [...(groups.get(c.field) ?? []), allowed(cols, c)]);
  const groupFacets = [...groups.keys()];
  const groupCodes = groupFacets.map((f) => cols.codes[f]);
  const groupAllowed = groupFacets.map((f) => groups.get(f)!);
  const facetCodes = prospectFacetNames.map((f) => cols.codes[f]);
  const tallies = prospectFacetNames.map((f) => new Float64Array(cols.values[f].length + 1));
  const facetIndex = new Map(prospectFacetNames.map((f, i) => [f, i]));
  const groupToFacet = groupFacets.map((f) => facetIndex.get(f)!);
  const { rest, flags, scope, includeSuppressed } = input;
  let base = 0, mine = 0, suppressed = 0;
  const n = cols.size;
  for (let pos = 0; pos < n; pos++) {
    if (rest && !rest[pos]) continue;
    let failed = -1;
    let failures = 0;
    for (let g = 0; g < groupCodes.length && failures < 2; g++) {
      const code = groupCodes[g]![pos]!;
      const tests = groupAllowed[g]!;
      for (let t = 0; t < tests.length; t++) {
        if (!tests[t]![code]) {
          failures++;
          failed = g;
          break;
        }
      }
    }
    if (failures > 1) continue;
    const f = flags[pos]!;
    const isMine = (f & MINE) !== 0;
    const isSuppressed = (f & SUPPRESSED) !== 0;
    const hidden = isSuppressed && !includeSuppressed;
    if (failures === 0) {
      base++;
      if (isSuppressed) suppressed++;
      if (isMine && !hidden) mine++;
    }
    const inView = scope === 'mine' ? isMine && !hidden : !hidden && !(scope === 'net_new' && isMine);
    if (!inView) continue;
    if (failures === 0) {
      for (let i = 0; i < facetCodes.length; i++) tallies[i]![facetCodes[i]![pos]!]!++;
    } else {
      const i = groupToFacet[failed]!;
      tallies[i]![facetCodes[i]![pos]!]!++;
    }
  }
  const counts = Object.fromEntries(
    prospectFacetNames.map((f, i) => {
      const m = new Map<string, number>();
      cols.values[f].forEach((v, k) => tallies[i]![k + 1]! > 0 && m.set(v, tallies[i]![k + 1]!));
      return [f, m];
    }),
  ) as FacetCountOutput['counts'];
  return { counts, totals: { base, mine, suppressed } };
}
