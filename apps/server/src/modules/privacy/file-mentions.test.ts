import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fileMentions } from './file-mentions.js';

const chunks = (buf: Buffer, size: number) => {
  const parts: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) parts.push(buf.subarray(i, i + size));
  return Readable.from(parts);
};

describe('fileMentions', () => {
  const csv = Buffer.from('name,email\nAnn,ann@acme.example\nJane,Jane.Doe@Acme.Example\nBob,bob@acme.example\n');

  it('finds the address whatever its case, across chunk boundaries', async () => {
    for (const size of [1, 3, 7, 64, 4096]) {
      expect(await fileMentions(chunks(csv, size), 'jane.doe@acme.example', 'utf-8'), `chunks of ${size}`).toBe(true);
    }
  });

  it('does not find an address the file does not hold', async () => {
    expect(await fileMentions(chunks(csv, 5), 'jane@acme.example', 'utf-8')).toBe(false);
    expect(await fileMentions(chunks(csv, 5), 'doe@acme.example.org', 'windows-1252')).toBe(false);
  });

  it('reads UTF-16 files in their byte order', async () => {
    const le = Buffer.from(csv.toString('utf8'), 'utf16le');
    expect(await fileMentions(chunks(le, 9), 'jane.doe@acme.example', 'utf-16le')).toBe(true);
    const be = Buffer.from(le).swap16();
    expect(await fileMentions(chunks(be, 9), 'jane.doe@acme.example', 'utf-16be')).toBe(true);
  });
});
