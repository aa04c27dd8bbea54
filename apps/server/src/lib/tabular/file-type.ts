import { decodeSample, detectEncoding } from './encoding.js';
import { isVcard } from './vcard.js';

export type TabularType = 'csv' | 'xlsx' | 'vcf';

export type FileTypeVerdict = { type: TabularType } | { type: null; reason: string };

/** What every refusal names: the formats an import reads. */
export const ACCEPTED_FORMATS = 'CSV, TSV, TXT, XLSX or VCF (vCard)';
const refuse = (why: string): FileTypeVerdict => ({ type: null, reason: `${why}. Upload a ${ACCEPTED_FORMATS} file` });

/** Names of delimited text; a file without an extension is judged by its bytes alone. */
const TEXT_EXTENSIONS = new Set(['', 'csv', 'tsv', 'txt', 'tab']);

const startsWith = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);

/**
 * Decides from the first bytes (not the name alone, which lies) whether a file is a
 * workbook, a vCard, delimited text, or something we can't read, with a reason naming the
 * accepted formats.
 */
export function detectFileType(head: Uint8Array, fileName: string): FileTypeVerdict {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    if (ext === '' || ext === 'xlsx' || ext === 'xlsm') return { type: 'xlsx' };
    if (ext === 'numbers') return refuse("Numbers files (.numbers) can't be imported: export the sheet from Numbers as CSV or Excel");
    return refuse(`A .${ext} archive can't be imported`);
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) {
    return refuse("Old Excel files (.xls) can't be read: save the sheet as .xlsx or CSV");
  }
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return refuse("A PDF can't be imported");
  const { encoding } = detectEncoding(head);
  if (!encoding.startsWith('utf-16')) {
    // text has no NUL and few control characters
    let control = 0;
    const n = Math.min(head.length, 8192);
    for (let i = 0; i < n; i++) {
      const c = head[i]!;
      if (c === 0) return refuse("This is not a text file and can't be imported");
      if (c < 9 || (c > 13 && c < 32 && c !== 27)) control++;
    }
    if (n > 0 && control / n > 0.01) return refuse("This is not a text file and can't be imported");
  }
  // a vCard is known by its first line, whatever its name (.vcf, .vcard, or a .csv)
  const text = decodeSample(head.subarray(0, 4096), encoding);
  if (isVcard(text)) return { type: 'vcf' };
  if (ext === 'vcf' || ext === 'vcard') return refuse("This .vcf file does not start with BEGIN:VCARD: it is not a vCard and can't be imported");
  if (!TEXT_EXTENSIONS.has(ext)) return refuse(`.${ext} files can't be imported`);
  if (/^\s*<(?:!doctype html|html|\?xml)/i.test(text)) return refuse("A web page or XML file can't be imported");
  return { type: 'csv' };
}
