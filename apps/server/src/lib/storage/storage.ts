import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded and generated files live. Local disk under DATA_DIR/files by default; an
 * S3-compatible implementation can take its place behind the same four operations.
 * Keys are slash-separated paths of [A-Za-z0-9._-] segments.
 */
export type FileStorage = {
  /** Streams source into key (never buffered whole); a failed write leaves nothing behind. */
  write(key: string, source: Readable | AsyncIterable<Uint8Array>): Promise<{ bytes: number }>;
  /** Streams a file, optionally a byte range (inclusive end, like HTTP ranges), in chunks of about chunkBytes. */
  read(key: string, range?: { start?: number; end?: number; chunkBytes?: number }): Readable;
  /** The first bytes of a file (for sniffing its type and encoding). */
  head(key: string, bytes: number): Promise<Buffer>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
};

const SEGMENT = /^[A-Za-z0-9._-]+$/;

function checkKey(key: string): string {
  const parts = key.split('/');
  if (parts.length === 0 || parts.some((p) => !SEGMENT.test(p) || p === '.' || p === '..')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  return key;
}

/** Files on the local disk; a write goes to a temporary name and is renamed when complete. */
export function createLocalStorage(root: string): FileStorage {
  const full = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    async write(key, source) {
      const target = full(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.${Date.now()}.part`;
      let bytes = 0;
      async function* counted() {
        for await (const chunk of source) {
          bytes += chunk.length;
          yield chunk;
        }
      }
      try {
        await pipeline(counted, fs.createWriteStream(temp, { flags: 'wx' }));
        await fsp.rename(temp, target);
      } catch (err) {
        await fsp.rm(temp, { force: true });
        throw err;
      }
      return { bytes };
    },
    read(key, range) {
      const stream = fs.createReadStream(full(key), {
        start: range?.start,
        end: range?.end,
        highWaterMark: range?.chunkBytes ?? 256 * 1024,
      });
      // a missing file errors as soon as the stream opens, maybe before its reader starts
      // iterating: unhandled, that 'error' event ends the process. The reader still gets the
      // error (iteration and pipeline see a destroyed stream's error).
      stream.on('error', () => {});
      return stream;
    },
    async head(key, bytes) {
      const fh = await fsp.open(full(key), 'r');
      try {
        const buf = Buffer.alloc(bytes);
        const { bytesRead } = await fh.read(buf, 0, bytes, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await fh.close();
      }
    },
    async size(key) {
      try {
        return (await fsp.stat(full(key))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await fsp.rm(full(key), { force: true });
    },
  };
}

/** A stored file read by byte ranges (an XLSX is read from its central directory). */
export function randomAccess(
  storage: FileStorage,
  key: string,
  size: number,
): { size: number; read(start: number, end: number): AsyncIterable<Uint8Array> } {
  return { size, read: (start, end) => storage.read(key, { start, end }) };
}
