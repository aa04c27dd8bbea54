import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { FILE_LIMITS, FileFormatError, FileLimitError, fmt } from './limits.js';

/**
 * Reading the parts of a zip (an XLSX) by its central directory, with every byte inflated
 * counted: a part that inflates beyond the workbook's budget or at a ratio no spreadsheet
 * has (a zip bomb) is refused while it streams, whatever sizes the archive declares.
 */

/** A file read by byte ranges (inclusive end, like HTTP ranges). */
export type RandomAccess = {
  size: number;
  read(start: number, end: number): AsyncIterable<Uint8Array>;
};

export function bufferSource(buf: Uint8Array): RandomAccess {
  return {
    size: buf.length,
    async *read(start, end) {
      const step = 64 * 1024;
      for (let i = start; i <= end; i += step) yield buf.subarray(i, Math.min(end + 1, i + step));
    },
  };
}

type Entry = { name: string; method: number; flags: number; compressed: number; size: number; offset: number };

async function readRange(src: RandomAccess, start: number, length: number): Promise<Buffer> {
  if (start < 0 || length < 0 || start + length > src.size) throw broken();
  const parts: Buffer[] = [];
  for await (const c of src.read(start, start + length - 1)) parts.push(Buffer.from(c));
  const buf = Buffer.concat(parts);
  if (buf.length !== length) throw broken();
  return buf;
}

const broken = () => new FileFormatError('The workbook is damaged (its zip structure is not valid): save it again as .xlsx');

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const u64 = (b: Buffer, at: number) => {
  const v = b.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw broken();
  return Number(v);
};

/** The parts of the archive, from its central directory. */
export async function openZip(src: RandomAccess) {
  const tailLen = Math.min(src.size, 22 + 0xffff);
  if (tailLen < 22) throw broken();
  const tail = await readRange(src, src.size - tailLen, tailLen);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw broken();
  let count = tail.readUInt16LE(at + 10);
  let cdSize = tail.readUInt32LE(at + 12);
  let cdOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locAt = src.size - tailLen + at - 20;
    const loc = await readRange(src, locAt, 20);
    if (loc.readUInt32LE(0) !== ZIP64_LOCATOR) throw broken();
    const z = await readRange(src, u64(loc, 8), 56);
    if (z.readUInt32LE(0) !== ZIP64_EOCD) throw broken();
    count = u64(z, 32);
    cdSize = u64(z, 40);
    cdOffset = u64(z, 48);
  }
  if (count > FILE_LIMITS.zipEntries) {
    throw new FileLimitError('zipEntries', `The workbook holds ${fmt(count)} parts: at most ${fmt(FILE_LIMITS.zipEntries)} can be read`);
  }
  const cd = await readRange(src, cdOffset, cdSize);
  const entries = new Map<string, Entry>();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw broken();
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    if (p + 46 + nameLen + extraLen + commentLen > cd.length) throw broken();
    const name = cd.toString('utf8', p + 46, p + 46 + nameLen);
    let compressed = cd.readUInt32LE(p + 20);
    let size = cd.readUInt32LE(p + 24);
    let offset = cd.readUInt32LE(p + 42);
    // zip64: the sizes and offset that did not fit are in the extra field, in this order
    let e = p + 46 + nameLen;
    const extraEnd = e + extraLen;
    while (e + 4 <= extraEnd) {
      const id = cd.readUInt16LE(e);
      const len = cd.readUInt16LE(e + 2);
      if (id === 1) {
        let q = e + 4;
        const take = () => {
          if (q + 8 > e + 4 + len) throw broken();
          const v = u64(cd, q);
          q += 8;
          return v;
        };
        if (size === 0xffffffff) size = take();
        if (compressed === 0xffffffff) compressed = take();
        if (offset === 0xffffffff) offset = take();
      }
      e += 4 + len;
    }
    entries.set(name, {
      name,
      flags: cd.readUInt16LE(p + 8),
      method: cd.readUInt16LE(p + 10),
      compressed,
      size,
      offset,
    });
    p += 46 + nameLen + extraLen + commentLen;
  }

  /** What every part read so far inflated to, against the workbook's budget. */
  let inflated = 0;

  return {
    has: (name: string) => entries.has(name),
    /**
     * Streams a part's inflated bytes. Throws FileLimitError when the workbook's parts
     * inflate past the budget, or this one at a zip bomb's ratio.
     */
    async *read(name: string): AsyncGenerator<Buffer> {
      const entry = entries.get(name);
      if (!entry) throw broken();
      if (entry.flags & 1) throw new FileFormatError('The workbook is encrypted: save it without a password and upload it again');
      if (entry.method !== 0 && entry.method !== 8) throw broken();
      if (entry.size > FILE_LIMITS.inflatedBytes) throw inflatedTooLarge();
      const local = await readRange(src, entry.offset, 30);
      if (local.readUInt32LE(0) !== LOCAL) throw broken();
      const dataStart = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (entry.compressed === 0) return;
      const raw = src.read(dataStart, dataStart + entry.compressed - 1);
      if (entry.method === 0) {
        for await (const c of raw) {
          inflated += c.length;
          if (inflated > FILE_LIMITS.inflatedBytes) throw inflatedTooLarge();
          yield Buffer.from(c);
        }
        return;
      }
      // pipeline: a source error fails the inflate (and its iteration), a destroyed inflate
      // closes the source; bytesWritten is what the inflater has consumed of the compressed part
      const inflate = pipeline(Readable.from(raw, { objectMode: false }), zlib.createInflateRaw({ chunkSize: 64 * 1024 }), () => {});
      let out = 0;
      try {
        for await (const chunk of inflate as AsyncIterable<Buffer>) {
          out += chunk.length;
          inflated += chunk.length;
          if (inflated > FILE_LIMITS.inflatedBytes) throw inflatedTooLarge();
          if (out > FILE_LIMITS.ratioCheckAfterBytes && out / Math.max(1, inflate.bytesWritten) > FILE_LIMITS.compressionRatio) {
            throw new FileLimitError(
              'compressionRatio',
              `The workbook part ${name} inflates more than ${FILE_LIMITS.compressionRatio} times its size, which no spreadsheet does: it is refused as a zip bomb`,
            );
          }
          yield chunk;
        }
      } catch (err) {
        if (err instanceof FileLimitError || err instanceof FileFormatError) throw err;
        throw broken();
      } finally {
        inflate.destroy();
      }
    },
  };
}

const inflatedTooLarge = () =>
  new FileLimitError(
    'inflatedBytes',
    `The workbook inflates to more than ${fmt(FILE_LIMITS.inflatedBytes / 1024 / 1024 / 1024)} GB: split it into smaller files and import each`,
  );

export type Zip = Awaited<ReturnType<typeof openZip>>;
