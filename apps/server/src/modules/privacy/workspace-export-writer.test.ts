import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BufferedFile, readTwoColumnRows } from './workspace-export-writer.js';

/**
 * The export's byte path (issue 15): COPY's binary rows are read wherever PostgreSQL's chunks
 * cut them, and the files' fixed buffers write every byte in order, however full they get.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-export-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** COPY (FORMAT binary) of rows of two text values, as PostgreSQL sends it. */
function copyBinary(rows: [string, string][]): Buffer {
  const parts = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(4), Buffer.from([0, 0, 0, 3, 9, 9, 9])];
  for (const row of rows) {
    const count = Buffer.alloc(2);
    count.writeInt16BE(2);
    parts.push(count);
    for (const v of row) {
      const bytes = Buffer.from(v, 'utf8');
      const length = Buffer.alloc(4);
      length.writeInt32BE(bytes.length);
      parts.push(length, bytes);
    }
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

async function* chunked(buf: Buffer, size: number) {
  for (let at = 0; at < buf.length; at += size) yield buf.subarray(at, at + size);
}

const ROWS: [string, string][] = [
  ['a,"b ""quoted""",Zoë', '{"name":"Zoë"}'],
  ['', '{}'],
  ['"line\nbreak",日本', '{"x":"日本"}'],
];

describe('readTwoColumnRows', () => {
  it('reads every row whatever the chunk size, the header extension skipped', async () => {
    const data = copyBinary(ROWS);
    for (const size of [1, 2, 3, 5, 7, 19, 20, 64, data.length]) {
      const seen: [string, string][] = [];
      let counted = 0;
      const n = await readTwoColumnRows(
        chunked(data, size),
        (buf, cs, ce, js, je) => {
          seen.push([buf.toString('utf8', cs, ce), buf.toString('utf8', js, je)]);
          // some rows make the caller wait, as a full file buffer does
          return seen.length % 2 ? undefined : new Promise((r) => setTimeout(r, 1));
        },
        (k) => (counted += k),
      );
      expect(n, `chunks of ${size}`).toBe(ROWS.length);
      expect(counted, `chunks of ${size}`).toBe(ROWS.length);
      expect(seen, `chunks of ${size}`).toEqual(ROWS);
    }
  });

  it('refuses data that is not COPY binary, or ends inside a row', async () => {
    await expect(
      readTwoColumnRows(
        chunked(Buffer.alloc(40, 1), 40),
        () => undefined,
        () => {},
      ),
    ).rejects.toThrow(/not COPY binary/);
    const cut = copyBinary(ROWS).subarray(0, 40);
    await expect(
      readTwoColumnRows(
        chunked(cut, 8),
        () => undefined,
        () => {},
      ),
    ).rejects.toThrow(/inside a row/);
  });
});

describe('BufferedFile', () => {
  it('writes text and byte ranges in order through a buffer smaller than some values', async () => {
    const file = path.join(dir, 'out.txt');
    const out = await BufferedFile.open(file, 16);
    const expected: string[] = [];
    const bytes = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
    for (let i = 0; i < 50; i++) {
      const text = i % 7 === 0 ? `long value ${'é'.repeat(i)}|` : `${i}ü|`;
      await out.add(text, i % 3 === 0 ? '\n' : '');
      expected.push(text, i % 3 === 0 ? '\n' : '');
      await out.addBytes(bytes, i % 10, (i % 10) + (i % 25));
      expected.push(bytes.toString('utf8', i % 10, (i % 10) + (i % 25)));
    }
    await out.close();
    expect(fs.readFileSync(file, 'utf8')).toBe(expected.join(''));
  });
});
