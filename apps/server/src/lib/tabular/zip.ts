import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { FILE_LIMITS, FileFormatError, FileLimitError, fmt } from './limits.js';

/**
 * The parts of a zip (an XLSX) read with yauzl from the central directory by byte ranges.
 * yauzl checks the structure and that every part inflates to exactly the size it declares
 * (validateEntrySizes), so the declared sizes bound what is inflated: a part over the
 * workbook's budget, or declaring a zip bomb's ratio, is refused before a byte is inflated,
 * and one lying about its size fails as damaged as soon as it inflates past it.
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

/** yauzl's reader over our ranges (its end is exclusive). */
class SourceReader extends yauzl.RandomAccessReader {
  constructor(private readonly src: RandomAccess) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    if (end <= start) return Readable.from([]);
    return Readable.from(this.src.read(start, end - 1), { objectMode: false });
  }
}

const broken = () => new FileFormatError('The workbook is damaged (its zip structure is not valid): save it again as .xlsx');

const inflatedTooLarge = () =>
  new FileLimitError(
    'inflatedBytes',
    `The workbook inflates to more than ${fmt(FILE_LIMITS.inflatedBytes / 1024 / 1024 / 1024)} GB: split it into smaller files and import each`,
  );

const zipBomb = (name: string) =>
  new FileLimitError(
    'compressionRatio',
    `The workbook part ${name} inflates more than ${FILE_LIMITS.compressionRatio} times its size, which no spreadsheet does: it is refused as a zip bomb`,
  );

/** yauzl's own errors (structure, sizes, inflate) say the archive is damaged. */
const ours = (err: unknown) => (err instanceof FileLimitError || err instanceof FileFormatError ? err : broken());

/** The parts of the archive, from its central directory. */
export async function openZip(src: RandomAccess) {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    try {
      // autoClose off: parts are opened after the directory has been read
      yauzl.fromRandomAccessReader(new SourceReader(src), src.size, { lazyEntries: true, autoClose: false }, (err, z) =>
        err ? reject(broken()) : resolve(z),
      );
    } catch {
      reject(broken());
    }
  });
  if (zip.entryCount > FILE_LIMITS.zipEntries) {
    throw new FileLimitError('zipEntries', `The workbook holds ${fmt(zip.entryCount)} parts: at most ${fmt(FILE_LIMITS.zipEntries)} can be read`);
  }
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      entries.set(e.fileName, e);
      zip.readEntry();
    });
    zip.once('end', () => resolve());
    zip.once('error', () => reject(broken()));
    zip.readEntry();
  });

  /** What every part read so far inflated to, against the workbook's budget. */
  let inflated = 0;

  return {
    has: (name: string) => entries.has(name),
    /**
     * Streams a part's inflated bytes. Throws FileLimitError when the workbook's parts
     * inflate past the budget, or this one declares a zip bomb's ratio.
     */
    async *read(name: string): AsyncGenerator<Buffer> {
      const entry = entries.get(name);
      if (!entry) throw broken();
      if (entry.isEncrypted()) throw new FileFormatError('The workbook is encrypted: save it without a password and upload it again');
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw broken();
      if (entry.uncompressedSize > FILE_LIMITS.inflatedBytes - inflated) throw inflatedTooLarge();
      if (
        entry.uncompressedSize > FILE_LIMITS.ratioCheckAfterBytes &&
        entry.uncompressedSize / Math.max(1, entry.compressedSize) > FILE_LIMITS.compressionRatio
      ) {
        throw zipBomb(name);
      }
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err ? reject(broken()) : resolve(s))),
      );
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          inflated += chunk.length;
          // sizes are validated, so this holds anyway: a second guard costs nothing
          if (inflated > FILE_LIMITS.inflatedBytes) throw inflatedTooLarge();
          yield chunk;
        }
      } catch (err) {
        throw ours(err);
      } finally {
        stream.destroy();
      }
    },
  };
}

export type Zip = Awaited<ReturnType<typeof openZip>>;
