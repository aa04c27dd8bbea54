import type { DuplicateMode, Entity, ImportPreflight } from '@leadtrail/contracts';
import { barelyVaries, dominantKind, profileColumn, type ValueKind } from './column-profile.js';
import type { RowOutcome } from './import-row-reader.js';
import { OWNER_NOT_MEMBER } from './import-row.js';
import { identityTargets } from './mapping-assignment.js';

/**
 * The check before the start: what the first rows of the file would become with a mapping
 * (created, updated, duplicates, warnings, errors and their top reasons) and plain words about
 * what looks wrong. It reads rows as the run does (import-row-reader.ts) and writes nothing.
 */

/** A tried row: its record's identity (null: none, e.g. a contact by name only) and its problems. */
export type TriedRow = { cells: string[]; outcome: RowOutcome };

/** An identity value on this share of the rows (or more) is worth a word. */
const REPEAT_SHARE = 0.1;
/** More in-file duplicates than this share of the rows is worth a word. */
const IN_FILE_DUPLICATES_SHARE = 0.2;
const TOP_REASONS = 5;

const KIND_WORDS: Partial<Record<ValueKind, string>> = {
  email: 'emails',
  phone: 'phone numbers',
  linkedinPerson: 'LinkedIn profiles',
  linkedinCompany: 'LinkedIn company pages',
  url: 'web addresses',
  domain: 'domains',
  country: 'countries',
};

export type PreflightInput = {
  entity: Entity;
  columns: { index: number; header: string }[];
  /** target by column index */
  mapping: Map<number, string>;
  rows: TriedRow[];
  /** the identities (staged keys) that already exist in the workspace */
  existing: ReadonlySet<string>;
  /** and those on the suppression list */
  suppressed: ReadonlySet<string>;
  duplicates: DuplicateMode;
};

/** The distinct identities of the tried rows, to look up in the workspace. */
export const rowKeys = (rows: TriedRow[]): string[] => [
  ...new Set(rows.map((r) => r.outcome.record?.key).filter((k): k is string => !!k)),
];

export function summarisePreflight(p: PreflightInput): ImportPreflight {
  const out: ImportPreflight = {
    rowsTried: p.rows.length,
    created: 0,
    updated: 0,
    duplicates: 0,
    duplicatesInFile: 0,
    suppressed: 0,
    warnings: 0,
    ownersNotMembers: 0,
    errors: 0,
    topReasons: [],
    notices: [],
  };
  const headerOf = new Map(p.columns.map((c) => [c.index, c.header]));
  const columnOfTarget = new Map<string, number>();
  for (const [index, target] of p.mapping) if (!columnOfTarget.has(target)) columnOfTarget.set(target, index);
  const reasons = new Map<string, ImportPreflight['topReasons'][number]>();
  const seen = new Set<string>();
  for (const { outcome } of p.rows) {
    const { record, issues } = outcome;
    if (!record) out.errors++;
    else if (record.key && p.suppressed.has(record.key)) out.suppressed++;
    else if (record.key && seen.has(record.key)) {
      out.duplicates++;
      out.duplicatesInFile++;
    } else if (record.key && p.existing.has(record.key)) {
      if (p.duplicates === 'skip') out.duplicates++;
      else out.updated++;
    } else out.created++;
    if (record?.key) seen.add(record.key);
    if (record && issues.length > 0) out.warnings++;
    if (record && issues.some((i) => i.code === OWNER_NOT_MEMBER)) out.ownersNotMembers++;
    const kind = record ? 'warning' : 'error';
    // one count per row and reason
    for (const issue of new Set(issues.map((i) => JSON.stringify([i.target, i.message])))) {
      const [target, message] = JSON.parse(issue) as [string, string];
      const index = columnOfTarget.get(target);
      const column = index === undefined ? null : (headerOf.get(index) ?? null);
      const key = `${kind}\u0000${column}\u0000${message}`;
      const r = reasons.get(key) ?? { kind, column, reason: message, rows: 0 };
      r.rows++;
      reasons.set(key, r);
    }
  }
  out.topReasons = [...reasons.values()]
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'error' ? -1 : 1) || b.rows - a.rows || a.reason.localeCompare(b.reason))
    .slice(0, TOP_REASONS);
  out.notices = notices(p, out);
  return out;
}

function notices(p: PreflightInput, summary: ImportPreflight): ImportPreflight['notices'] {
  const found: ImportPreflight['notices'] = [];
  const rows = p.rows.length;
  if (rows === 0) return found;
  const identity = identityTargets[p.entity];
  const noun = p.entity === 'contacts' ? 'contact' : 'company';
  for (const col of p.columns) {
    const target = p.mapping.get(col.index) ?? 'ignore';
    const values = p.rows.map((r) => (r.cells[col.index] ?? '').trim());
    if (identity.has(target)) {
      const counts = new Map<string, number>();
      for (const v of values) if (v) counts.set(v.toLowerCase(), (counts.get(v.toLowerCase()) ?? 0) + 1);
      const [value, times] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
      if (times >= 3 && times >= rows * REPEAT_SHARE) {
        found.push({
          code: 'identity_repeats',
          column: col.header,
          message: `"${col.header}" has the same value (${value}) on ${times} of ${rows} rows: those rows would become one ${noun}. Check that this is the right column.`,
        });
      }
    } else if (target === 'ignore') {
      const profile = profileColumn(values);
      const kind = dominantKind(profile);
      const words = kind ? KIND_WORDS[kind] : undefined;
      if (words && !barelyVaries(profile)) {
        found.push({
          code: 'unmapped_values',
          column: col.header,
          message: `"${col.header}" holds ${words} but is not imported. Choose a field for it, or leave it out on purpose.`,
        });
      }
    }
  }
  if (summary.duplicatesInFile > rows * IN_FILE_DUPLICATES_SHARE) {
    found.push({
      code: 'many_duplicates_in_file',
      column: null,
      message: `${summary.duplicatesInFile} of ${rows} rows repeat an earlier row of the file and would be merged into it. Check the column mapped to ${p.entity === 'contacts' ? 'Email' : 'Domain'}.`,
    });
  }
  return found;
}
