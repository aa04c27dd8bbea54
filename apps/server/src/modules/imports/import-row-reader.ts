import { additionalChannelTargets } from '@leadtrail/contracts';
import type { ImportRow } from '../../db/schema/index.js';
import { randomAccess, type FileStorage } from '../../lib/storage/storage.js';
import { readCsvRecords } from '../../lib/tabular/csv.js';
import { readVcardRecords } from '../../lib/tabular/vcard.js';
import { readXlsxRecords } from '../../lib/tabular/xlsx.js';
import { companyImportRow } from './import-company-row.js';
import { contactImportRow } from './import-contact-row.js';
import { unneutralize } from './import-file.js';
import { skipFooter } from './import-footer.js';
import type { ImportIssue, ImportRowContext, ImportValues, StagedRecord } from './import-row.js';
import { dropUnstorable } from './import-row-issues.js';
import { compactHeader } from './header-reading.js';
import { dayFirstOf } from './vocabularies/date.js';
import { revenueScale } from './vocabularies/revenue-range.js';

/**
 * A file's rows as an import reads them, for the run (import-processor.jobs.ts) and for the
 * pre-flight check of the first rows (import-preflight.ts) alike: the records of the file
 * without a report's footer, and each row's mapped values, record and problems.
 */

export type CompiledMapping = {
  columns: { index: number; target: string; header: string }[];
  /** the column (index and header) a target reads from, to name it in a row error */
  columnOf: Map<string, { index: number; header: string }>;
  notes: { index: number; header: string }[];
};

/** Targets several columns fill together: their cells are kept one per line (issue 26). */
const LISTED: ReadonlySet<string> = new Set(additionalChannelTargets);

export function compileMapping(imp: Pick<ImportRow, 'columns' | 'mapping'>): CompiledMapping {
  const headers = new Map(imp.columns.map((c) => [c.index, c.header]));
  const columns: CompiledMapping['columns'] = [];
  const notes: CompiledMapping['notes'] = [];
  const columnOf = new Map<string, { index: number; header: string }>();
  for (const m of imp.mapping) {
    if (m.target === 'ignore') continue;
    const header = headers.get(m.index) ?? `Column ${m.index + 1}`;
    if (m.target === 'notes') notes.push({ index: m.index, header });
    else columns.push({ index: m.index, target: m.target, header });
    if (!columnOf.has(m.target)) columnOf.set(m.target, { index: m.index, header });
  }
  // the further emails and phones of one target in the order of their headers (`Email 2`, `Email 3`),
  // wherever the columns stand: the same file with its columns moved gives the same record
  const key = (c: (typeof columns)[number]) => `${compactHeader(c.header)}\u0000${c.header}\u0000${String(c.index).padStart(6, '0')}`;
  const listed = columns.filter((c) => LISTED.has(c.target)).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return { columns: [...columns.filter((c) => !LISTED.has(c.target)), ...listed], columnOf, notes };
}

export function valuesOf(cells: string[], c: CompiledMapping): ImportValues {
  const values: ImportValues = {};
  for (const col of c.columns) {
    const raw = cells[col.index];
    if (raw === undefined) continue;
    const v = unneutralize(raw.trim());
    if (v === '') continue;
    const had = values[col.target];
    values[col.target] = had !== undefined && LISTED.has(col.target) ? `${had}\n${v}` : v;
  }
  if (c.notes.length > 0) {
    const parts: string[] = [];
    for (const n of c.notes) {
      const v = (cells[n.index] ?? '').trim();
      if (v) parts.push(c.notes.length > 1 ? `${n.header}: ${v}` : v);
    }
    if (parts.length > 0) values.notes = parts.join('\n');
  }
  return values;
}

export type RowOutcome = {
  /** null: the row names nobody (an error) */
  record: StagedRecord | null;
  /** warnings when there is a record, errors otherwise */
  issues: ImportIssue[];
};

/** Reads rows by an import's mapping and entity: each row's record and problems. */
export function rowReader(imp: Pick<ImportRow, 'columns' | 'mapping' | 'entity'>, ctx: ImportRowContext) {
  const compiled = compileMapping(imp);
  const normalize = imp.entity === 'contacts' ? contactImportRow : companyImportRow;
  // a bare number in the revenue column counts in the unit its header names
  // a date the value leaves open (03/04/2025) is read in the order the column's other values show
  const dayFirstBy: Record<string, boolean> = {};
  for (const col of compiled.columns) {
    if (!col.target.startsWith('custom:')) continue;
    const order = dayFirstOf(imp.columns.find((c) => c.index === col.index)?.samples ?? []);
    if (order !== null) dayFirstBy[col.target] = order;
  }
  const rowCtx = { ...ctx, revenueScale: revenueScale(compiled.columnOf.get('revenueRange')?.header ?? ''), dayFirstBy };
  return {
    compiled,
    read(cells: string[]): RowOutcome {
      const values = valuesOf(cells, compiled);
      const unstorable = dropUnstorable(values);
      const result = normalize(values, rowCtx);
      // a row with an identity is imported; its unusable cells are warnings
      return result.record
        ? { record: result.record, issues: [...unstorable, ...result.warnings] }
        : { record: null, issues: [...result.errors, ...unstorable] };
    },
  };
}

/** The file's records in chunks, as stored at upload; a report tool's footer lines are not rows. */
export function fileRecords(
  storage: FileStorage,
  imp: Pick<ImportRow, 'fileType' | 'storageKey' | 'fileSize' | 'encoding' | 'delimiter' | 'sheet'>,
) {
  const source =
    imp.fileType === 'csv'
      ? // small chunks: the rows of one are done with before the young generation is collected
        readCsvRecords(storage.read(imp.storageKey, { chunkBytes: 64 * 1024 }), {
          encoding: imp.encoding ?? 'utf-8',
          delimiter: imp.delimiter ?? ',',
        })
      : imp.fileType === 'vcf'
        ? readVcardRecords(() => storage.read(imp.storageKey))
        : readXlsxRecords(randomAccess(storage, imp.storageKey, imp.fileSize), imp.sheet ?? '');
  return skipFooter(source);
}
