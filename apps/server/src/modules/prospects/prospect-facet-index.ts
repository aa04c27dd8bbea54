import { prospectFacetNames, type FilterCondition, type FilterNode, type ProspectFacetName, type ProspectScope } from '@leadtrail/contracts';
import { MINE, SUPPRESSED } from './prospect-exceptions.js';

/**
 * The facet columns of the whole prospect database in memory, one array per facet indexed by
 * the person's position in its load (prospect_people.pos): each value a small code into the
 * facet's dictionary. Counting every facet of a search is then one pass over flat arrays
 * (~10,000,000 positions in tens of milliseconds), where PostgreSQL needs a bitmap build per
 * filter and a heap visit per match for each facet pass (docs/decisions/0017, 0040).
 *
 * The facets' own conditions (top-level, is / isNot / anyOf / isEmpty / isNotEmpty) and the
 * keywords are evaluated here; the rest of the search (other fields, nested groups) arrives as
 * a set of positions from SQL, and so do the workspace's exceptions (mine, suppressed).
 */

/** A column of dictionary codes (0 = empty), one byte per person while the dictionary fits in one. */
export type Codes = Uint8Array | Uint16Array | Uint32Array;

/** The text fields the keywords search (prospect_people.search: to_tsvector('simple', …) of these). */
export const KEYWORD_FIELDS = ['firstName', 'lastName', 'title', 'companyName'] as const;
export type KeywordField = (typeof KEYWORD_FIELDS)[number];

export type FacetColumns = {
  /** The load this was built from (prospect_facet_counts' 'load' row). */
  load: string;
  size: number;
  /** Per facet: code per position (0 = empty), the dictionary (code - 1 → value), and people per code. */
  codes: Record<ProspectFacetName, Codes>;
  values: Record<ProspectFacetName, string[]>;
  people: Record<ProspectFacetName, Int32Array>;
  /**
   * The keywords' fields the same way, each dictionary entry with its lexemes as PostgreSQL's
   * 'simple' configuration makes them (space-separated): keyword facets count in memory too.
   */
  words: Record<KeywordField, { codes: Codes; lexemes: string[] }>;
};

/** Codes for `size` people, widened (copied into a wider array) as the dictionary grows. */
function codeColumn(size: number) {
  let codes: Codes = new Uint8Array(size);
  const values: string[] = [];
  const dict = new Map<string, number>();
  const people: number[] = [0];
  return {
    set(pos: number, value: string | null) {
      if (value === null || value === '' || pos < 0 || pos >= size) return;
      let code = dict.get(value);
      if (code === undefined) {
        values.push(value);
        code = values.length;
        dict.set(value, code);
        if (code === 256) codes = Uint16Array.from(codes);
        if (code === 65_536) codes = Uint32Array.from(codes);
        people.push(0);
      }
      codes[pos] = code;
      people[code]!++;
    },
    get codes() {
      return codes;
    },
    values,
    /** How many people have each code (code 0: counted as the rest of the load). */
    people: (): Int32Array => {
      const out = Int32Array.from(people);
      out[0] = size - people.reduce((a, b) => a + b, 0);
      return out;
    },
  };
}

/** Builds the columns from rows streamed in any order; `done` takes each keyword dictionary's lexemes. */
export function facetColumnsBuilder(load: string, size: number) {
  const facets = Object.fromEntries(prospectFacetNames.map((f) => [f, codeColumn(size)])) as Record<ProspectFacetName, ReturnType<typeof codeColumn>>;
  const words = Object.fromEntries(KEYWORD_FIELDS.map((f) => [f, codeColumn(size)])) as Record<KeywordField, ReturnType<typeof codeColumn>>;
  return {
    set(pos: number, facet: ProspectFacetName, value: string | null) {
      facets[facet].set(pos, value);
    },
    setWord(pos: number, field: KeywordField, value: string | null) {
      words[field].set(pos, value);
    },
    /** Each keyword field's dictionary, to find its lexemes. */
    wordValues: (field: KeywordField) => words[field].values,
    done(lexemes: Record<KeywordField, string[]>): FacetColumns {
      return {
        load,
        size,
        codes: Object.fromEntries(prospectFacetNames.map((f) => [f, facets[f].codes])) as FacetColumns['codes'],
        values: Object.fromEntries(prospectFacetNames.map((f) => [f, facets[f].values])) as FacetColumns['values'],
        people: Object.fromEntries(prospectFacetNames.map((f) => [f, facets[f].people()])) as FacetColumns['people'],
        words: Object.fromEntries(KEYWORD_FIELDS.map((f) => [f, { codes: words[f].codes, lexemes: lexemes[f] }])) as FacetColumns['words'],
      };
    },
  };
}

/** Bytes the columns hold (codes and dictionaries' strings, roughly): the growth table's figure. */
export function facetColumnsBytes(cols: FacetColumns): number {
  let n = 0;
  for (const f of prospectFacetNames) n += cols.codes[f].byteLength + cols.values[f].reduce((s, v) => s + 2 * v.length + 16, 0);
  for (const f of KEYWORD_FIELDS) n += cols.words[f].codes.byteLength + cols.words[f].lexemes.reduce((s, v) => s + 2 * v.length + 16, 0);
  return n;
}

/**
 * The positions of the people whose keyword fields have, for every prefix, a lexeme starting
 * with it (what `search @@ to_tsquery('simple', 'a:* & b:*')` matches), among `within` (null:
 * everyone). Each dictionary entry is tested once per prefix; a person is then four lookups.
 */
export function keywordPositions(cols: FacetColumns, prefixes: string[], within: Int32Array | null): Int32Array {
  const full = (1 << prefixes.length) - 1;
  const masks = KEYWORD_FIELDS.map((f) => {
    const lexemes = cols.words[f].lexemes;
    const mask = new Uint16Array(lexemes.length + 1);
    lexemes.forEach((l, i) => {
      let m = 0;
      const words = l.split(' ');
      prefixes.forEach((p, b) => words.some((w) => w.startsWith(p)) && (m |= 1 << b));
      mask[i + 1] = m;
    });
    return mask;
  }) as [Uint16Array, Uint16Array, Uint16Array, Uint16Array];
  const [m0, m1, m2, m3] = masks;
  const [k0, k1, k2, k3] = KEYWORD_FIELDS.map((f) => cols.words[f].codes) as [Codes, Codes, Codes, Codes];
  const out = new Int32Array(within ? within.length : 1024);
  let buf = out;
  let n = 0;
  const push = (pos: number) => {
    if (n === buf.length) {
      const wider = new Int32Array(buf.length * 2);
      wider.set(buf);
      buf = wider;
    }
    buf[n++] = pos;
  };
  if (within) {
    for (const pos of within) if ((m0[k0[pos]!]! | m1[k1[pos]!]! | m2[k2[pos]!]! | m3[k3[pos]!]!) === full) push(pos);
  } else {
    for (let pos = 0; pos < cols.size; pos++) if ((m0[k0[pos]!]! | m1[k1[pos]!]! | m2[k2[pos]!]! | m3[k3[pos]!]!) === full) push(pos);
  }
  return buf.subarray(0, n);
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

type I32 = Int32Array;

/**
 * A person passing every facet group counts in every facet (and the totals); one failing
 * exactly one facet's group counts in that facet only (its counts leave its own condition
 * out); the scope and suppression decide whether it is in view at all. The people visited are
 * the rest's positions (keywords, other filters), else everyone: a pass over byte columns costs
 * less than the posting lists it replaced (36 bytes a person, decision 0040) saved.
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
  const [c0, c1, c2, c3, c4, c5, c6, c7, c8] = prospectFacetNames.map((f) => cols.codes[f]) as [Codes, Codes, Codes, Codes, Codes, Codes, Codes, Codes, Codes];
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
  if (rest) {
    for (let i = 0; i < rest.length; i++) consider(rest[i]!);
  } else if (k < 2) {
    for (let pos = 0; pos < cols.size; pos++) consider(pos);
  } else {
    // one pass over everyone, testing only the two most selective groups: a person failing both
    // fails two and counts nowhere; the others (collected a chunk at a time) are considered
    const share = (g: number) => gAllowed[g]!.reduce((n, ok, code) => n + (ok ? cols.people[gFacets[g]!][code] ?? 0 : 0), 0);
    const [a, b] = gFacets.map((_, g) => g).sort((x, y) => share(x) - share(y)) as [number, number];
    const [aCodes, aOk, bCodes, bOk] = [gCodes[a]!, gAllowed[a]!, gCodes[b]!, gAllowed[b]!];
    const chunk = new Int32Array(65_536);
    for (let from = 0; from < cols.size; from += chunk.length) {
      const to = Math.min(cols.size, from + chunk.length);
      let n = 0;
      for (let pos = from; pos < to; pos++) if (aOk[aCodes[pos]!]! | bOk[bCodes[pos]!]!) chunk[n++] = pos;
      for (let i = 0; i < n; i++) consider(chunk[i]!);
    }
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
