import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './storage.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const text = async (r: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(c as Buffer);
  return Buffer.concat(parts).toString();
};

describe('local storage', () => {
  const storage = createLocalStorage(root);

  it('writes a stream, reads it back whole, by range and by head', async () => {
    const { bytes } = await storage.write(
      'imports/ws/one',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
    );
    expect(bytes).toBe(11);
    expect(await storage.size('imports/ws/one')).toBe(11);
    expect(await text(storage.read('imports/ws/one'))).toBe('hello world');
    expect(await text(storage.read('imports/ws/one', { start: 6, end: 8 }))).toBe('wor');
    expect((await storage.head('imports/ws/one', 5)).toString()).toBe('hello');
    await storage.remove('imports/ws/one');
    expect(await storage.size('imports/ws/one')).toBeNull();
  });

  it('leaves nothing behind when the source fails', async () => {
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('client went away');
    }
    await expect(storage.write('imports/ws/two', failing())).rejects.toThrow('client went away');
    expect(await storage.size('imports/ws/two')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'imports', 'ws'))).toEqual([]);
  });

  it('a missing file fails its reader, not the process, even when reading starts later', async () => {
    const stream = storage.read('imports/missing/file');
    await new Promise((r) => setTimeout(r, 50)); // the open fails before anyone iterates
    await expect(async () => {
      for await (const _chunk of stream) throw new Error('no data expected');
    }).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses keys that could leave the root', () => {
    expect(() => storage.read('../etc/passwd')).toThrow(/Invalid storage key/);
    expect(() => storage.read('a//b')).toThrow(/Invalid storage key/);
  });
});
