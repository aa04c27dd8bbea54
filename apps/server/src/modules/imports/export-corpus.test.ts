import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage/storage.js';
import { analyzeFile } from './import-file.js';
import { fileRecords, rowReader } from './import-row-reader.js';
import { assignColumns } from './mapping-assignment.js';
import { buildExport, corpus, headersOf, rowsOf, type CorpusExport } from './testing/export-corpus.js';

/**
 * The corpus of other tools' exports (testing/export-corpus.ts) through the upload's analysis,
 * the mapping engine and the row reading of the run: every column suggested as expected, every
 * row accounted for. One wrong suggestion fails its export.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-corpus-'));
const storage = createLocalStorage(dir);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function run(e: CorpusExport, reorder: { columns?: number[]; rows?: number[] } = {}) {
  const file = await buildExport(e, reorder);
  const key = `corpus/${++n}`;
  await storage.write(key, Readable.from([file.bytes]));
  const analysis = await analyzeFile(storage, key, file.fileType, file.bytes.length);
  const suggestions = assignColumns(e.entity, analysis.columns);
  const mapping = analysis.columns.map((c) => ({ index: c.index, target: suggestions.get(c.index)!.target }));
  const reader = rowReader({ entity: e.entity, columns: analysis.columns.map((c) => ({ ...c, suggestedTarget: 'ignore' })), mapping }, { defs: [], phoneRegion: 'US' });
  const records: string[] = [];
  let rows = 0;
  let errors = 0;
  const imp = { fileType: file.fileType, storageKey: key, fileSize: file.bytes.length, encoding: analysis.encoding, delimiter: analysis.delimiter, sheet: analysis.sheet };
  for await (const chunk of fileRecords(storage, imp)) {
    chunk.records.forEach((cells, i) => {
      if (chunk.first + i < analysis.headerRow || cells.every((c) => c.trim() === '')) return;
      rows++;
      const { record } = reader.read(cells);
      if (!record) errors++;
      else records.push(JSON.stringify([record.key, record.data, record.companyName, record.companyDomain]));
    });
  }
  return {
    headers: analysis.headers,
    suggested: analysis.columns.map((c) => `${c.header} -> ${suggestions.get(c.index)!.target}`),
    rows,
    errors,
    records: records.sort(),
  };
}

describe('the export corpus', () => {
  it('holds at least 30 exports of both entities', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    expect(new Set(corpus.map((e) => e.name)).size).toBe(corpus.length);
  });

  it.each(corpus.map((e) => [e.name, e] as const))('%s: every column suggested right, every row imported', async (_name, e) => {
    const got = await run(e);
    expect(got.headers).toEqual(headersOf(e));
    expect(got.suggested).toEqual(e.columns.map(([header, , target]) => `${header} -> ${target}`));
    // each row names somebody: none lost
    expect({ rows: got.rows, errors: got.errors }).toEqual({ rows: rowsOf(e), errors: 0 });
  });
});

describe('the mapping and the records do not depend on order', () => {
  const csvExports = corpus.filter((e) => e.file !== 'xlsx' && !e.preamble && !e.footer);
  it('columns reordered or rows shuffled give the same mapping and the same records', async () => {
    const baseline = new Map<string, Awaited<ReturnType<typeof run>>>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...csvExports),
        fc.infiniteStream(fc.nat()),
        async (e, randoms) => {
          const columns = shuffle(e.columns.map((_, i) => i), randoms);
          const rows = shuffle(Array.from({ length: rowsOf(e) }, (_, i) => i), randoms);
          if (!baseline.has(e.name)) baseline.set(e.name, await run(e));
          const base = baseline.get(e.name)!;
          const got = await run(e, { columns, rows });
          expect([...got.suggested].sort()).toEqual([...base.suggested].sort());
          // a record's data is keyed by field: the same whatever the column order
          expect(got.records).toEqual(base.records);
        },
      ),
      { numRuns: 12 },
    );
  });
});

function shuffle(list: number[], randoms: fc.Stream<number>): number[] {
  const out = [...list];
  const it = randoms[Symbol.iterator]();
  for (let i = out.length - 1; i > 0; i--) {
    const j = (it.next().value as number) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
