import type { Readable } from 'node:stream';

/**
 * Whether a stored upload holds an address, read as a stream (flat memory, files up to 512 MB):
 * each chunk is lower-cased as latin1 text (ASCII letters only change, so byte offsets hold) and
 * searched for the address as the file's encoding writes it; the tail of the previous chunk is
 * kept so an address across two chunks is found. XLSX files are compressed: not searchable here.
 */
export async function fileMentions(stream: Readable, email: string, encoding: string | null): Promise<boolean> {
  const lower = email.toLowerCase();
  const needle = (
    encoding === 'utf-16le'
      ? Buffer.from(lower, 'utf16le')
      : encoding === 'utf-16be'
        ? Buffer.from(lower, 'utf16le').swap16()
        : Buffer.from(lower, 'utf8')
  ).toString('latin1');
  const keep = needle.length - 1;
  let tail = '';
  try {
    for await (const chunk of stream) {
      const text = tail + (chunk as Buffer).toString('latin1').toLowerCase();
      if (text.includes(needle)) return true;
      tail = text.slice(-keep);
    }
    return false;
  } finally {
    stream.destroy();
  }
}
