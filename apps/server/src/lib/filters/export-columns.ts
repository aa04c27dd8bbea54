import { invalidField } from '../errors.js';
import { UUID_RE } from './cursor-values.js';

/**
 * The columns named by `columns=a,b,custom:c` (in that order), or all of them. An unknown
 * name is a 400 naming it, before any byte of the file is sent.
 */
export function chooseColumns<C extends { field: string }>(available: C[], param: string | undefined, path = 'query.columns'): C[] {
  if (!param || !param.trim()) return available;
  const byField = new Map(available.map((c) => [c.field, c]));
  const chosen: C[] = [];
  for (const name of param.split(',').map((s) => s.trim()).filter(Boolean)) {
    const col = byField.get(name);
    if (!col) throw invalidField(path, `Unknown column "${name}"`);
    if (!chosen.includes(col)) chosen.push(col);
  }
  if (!chosen.length) throw invalidField(path, 'Choose at least one column');
  return chosen;
}

/**
 * Times in the reader's zone (`tz=Europe/Paris`), written `2026-11-28 14:05:09` so a spreadsheet
 * reads them as dates; without a zone they stay ISO 8601 UTC (what API clients get).
 */
export function inZone<C extends { inZone?: (zone: string) => unknown; expr: unknown }>(columns: C[], zone: string | undefined): C[] {
  if (!zone) return columns;
  return columns.map((c) => (c.inZone ? { ...c, expr: c.inZone(zone) } : c));
}

/** `ids=a,b,c` of an export of selected rows. */
export function parseIdList(param: string | undefined, path = 'query.ids'): string[] | undefined {
  if (param === undefined) return undefined;
  const ids = param.split(',').map((s) => s.trim()).filter(Boolean);
  if (!ids.length) throw invalidField(path, 'Select at least one record');
  if (ids.length > 10_000) throw invalidField(path, 'Export at most 10,000 selected records; export by filter for more');
  for (const id of ids) if (!UUID_RE.test(id)) throw invalidField(path, `"${id}" is not an id`);
  return ids;
}
