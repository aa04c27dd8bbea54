import { textProblem } from '../../lib/text-input.js';
import type { ImportIssue, ImportValues } from './import-row.js';
import type { ErrorInsert } from './imports.repository.js';

/**
 * A mapped value the database can't hold (a NUL character, a lone surrogate) is left out of
 * the row with the reason, as the API refuses such text (docs/decisions/0015-input-limits.md);
 * the rest of the row goes on.
 */
export function dropUnstorable(values: ImportValues): ImportIssue[] {
  const issues: ImportIssue[] = [];
  for (const [target, v] of Object.entries(values)) {
    const message = textProblem(v);
    if (!message) continue;
    issues.push({ target, message });
    delete values[target];
  }
  return issues;
}

/** A cell as the error report keeps it: what can't be stored shows as U+FFFD. */
const printable = (cell: string) => Buffer.from(cell.replaceAll('\u0000', '\uFFFD')).toString();

/**
 * A row's problems as import_errors rows: each names its column and value; the first keeps
 * the row's cells (copies: a parsed cell is a slice of its whole chunk of the file, which it
 * would pin), so the report can be fixed and uploaded again.
 */
export function issueRows(
  rowNumber: number,
  cells: string[],
  issues: ImportIssue[],
  kind: 'error' | 'warning',
  columnOf: Map<string, { index: number; header: string }>,
): ErrorInsert[] {
  return issues.map((issue, seq) => {
    const col = columnOf.get(issue.target);
    return {
      rowNumber,
      seq,
      kind,
      columnName: col?.header ?? null,
      value: col ? printable((cells[col.index] ?? '').slice(0, 1000)) : null,
      reason: issue.message,
      record: seq === 0 ? cells.map(printable) : null,
    };
  });
}
