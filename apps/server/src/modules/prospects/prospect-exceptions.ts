/**
 * A workspace's exceptions in the prospect database — people already mine (a contact with the
 * same email or LinkedIn URL, or a reveal) and people it suppresses — kept compactly per process
 * (docs/decisions/0017, 0040). Searches take them as constant id arrays (hashed by PostgreSQL:
 * `p.id <> all(…)`), the facet counter as positions with MINE | SUPPRESSED marks.
 */

export const MINE = 1;
export const SUPPRESSED = 2;

export type ExceptionRow = { id: string; pos: number | null; mine: boolean; suppressed: boolean };

export type WorkspaceExceptions = {
  /** The people's ids, 16 bytes each, and their marks (same order). */
  ids: Buffer;
  idMarks: Uint8Array;
  /** The positions of those with one (the facet index's key), and their marks (same order). */
  positions: Int32Array;
  marks: Uint8Array;
};

export function toExceptions(rows: ExceptionRow[]): WorkspaceExceptions {
  const ids = Buffer.alloc(rows.length * 16);
  const idMarks = new Uint8Array(rows.length);
  const positions = new Int32Array(rows.length);
  const marks = new Uint8Array(rows.length);
  let n = 0;
  rows.forEach((r, i) => {
    ids.write(r.id.replace(/-/g, ''), i * 16, 'hex');
    const mark = (r.mine ? MINE : 0) | (r.suppressed ? SUPPRESSED : 0);
    idMarks[i] = mark;
    if (r.pos !== null) {
      positions[n] = r.pos;
      marks[n++] = mark;
    }
  });
  return { ids, idMarks, positions: positions.slice(0, n), marks: marks.slice(0, n) };
}

const uuidAt = (buf: Buffer, i: number) => {
  const h = buf.toString('hex', i * 16, i * 16 + 16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** The ids carrying a mark, as a PostgreSQL array literal ('{…}', for a `::uuid[]` parameter). */
export function idsLiteral(ex: WorkspaceExceptions, mark: number): string {
  const out: string[] = [];
  for (let i = 0; i < ex.idMarks.length; i++) if (ex.idMarks[i]! & mark) out.push(uuidAt(ex.ids, i));
  return `{${out.join(',')}}`;
}

/** Per-position marks over the whole load, for the facet counter (0 for most people). */
export function flagsBySize(ex: WorkspaceExceptions, size: number): { positions: Int32Array; flags: Uint8Array } {
  const flags = new Uint8Array(size);
  const kept = new Int32Array(ex.positions.length);
  let n = 0;
  for (let i = 0; i < ex.positions.length; i++) {
    const pos = ex.positions[i]!;
    if (pos < 0 || pos >= size) continue;
    flags[pos] = ex.marks[i]!;
    kept[n++] = pos;
  }
  return { positions: kept.subarray(0, n), flags };
}

/** The SQL side of a search's scope: which ids to leave out or keep (array literals). */
export type ScopeIds = { mine: string; suppressed: string };
export const scopeIds = (ex: WorkspaceExceptions): ScopeIds => ({ mine: idsLiteral(ex, MINE), suppressed: idsLiteral(ex, SUPPRESSED) });

/** The exceptions as three parallel array literals (ids, mine, suppressed), for `unnest(…)` in the prospect tables. */
export type ExceptionArrays = { ids: string; mine: string; suppressed: string };

export function exceptionArrays(ex: WorkspaceExceptions): ExceptionArrays {
  const ids: string[] = [];
  const mine: string[] = [];
  const suppressed: string[] = [];
  for (let i = 0; i < ex.idMarks.length; i++) {
    ids.push(uuidAt(ex.ids, i));
    mine.push(ex.idMarks[i]! & MINE ? 't' : 'f');
    suppressed.push(ex.idMarks[i]! & SUPPRESSED ? 't' : 'f');
  }
  return { ids: `{${ids.join(',')}}`, mine: `{${mine.join(',')}}`, suppressed: `{${suppressed.join(',')}}` };
}

/**
 * The two steps' results as one row per person (decision 0043): the people the workspace's keys
 * found in the prospect tables (mine, or suppression candidates), the candidates' emails THE
 * suppression check kept (`suppressedEmails`, run in the app's database) marking them suppressed.
 */
export function mergeExceptions(
  found: { id: string; pos: number | null; email: string | null; mine: boolean; candidate: boolean }[],
  suppressedEmails: Set<string>,
): ExceptionRow[] {
  const byId = new Map<string, ExceptionRow>();
  for (const f of found) {
    const suppressed = f.candidate && f.email !== null && suppressedEmails.has(f.email);
    if (!f.mine && !suppressed) continue;
    const row = byId.get(f.id);
    if (row) {
      row.mine ||= f.mine;
      row.suppressed ||= suppressed;
    } else byId.set(f.id, { id: f.id, pos: f.pos, mine: f.mine, suppressed });
  }
  return [...byId.values()];
}
