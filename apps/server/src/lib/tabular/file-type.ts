import { detectEncoding } from './encoding.js';

export type TabularType = 'csv' | 'xlsx';

export type FileTypeVerdict = { type: TabularType } | { type: null; reason: string };

const startsWith = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);

/**
 * Decides from the first bytes (not the name alone, which lies) whether a file is a
 * workbook, delimited text, or something we can't read, with a reason a user can act on.
 */
export function detectFileType(head: Uint8Array, fileName: string): FileTypeVerdict {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    if (ext === '' || ext === 'xlsx' || ext === 'xlsm') return { type: 'xlsx' };
    return { type: null, reason: `A .${ext} archive can't be imported: upload a CSV or an Excel (.xlsx) file` };
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) {
    return {
      type: null,
      reason: "Old Excel (.xls) files can't be read: save the sheet as .xlsx or CSV and upload that",
    };
  }
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46]))
    return { type: null, reason: "A PDF can't be imported: upload a CSV or an Excel (.xlsx) file" };
  if (
    ['xls', 'numbers', 'ods', 'json', 'xml', 'pdf', 'doc', 'docx', 'zip', 'png', 'jpg', 'jpeg', 'gif'].includes(ext)
  ) {
    return { type: null, reason: `.${ext} files can't be imported: upload a CSV or an Excel (.xlsx) file` };
  }
  const { encoding } = detectEncoding(head);
  if (!encoding.startsWith('utf-16')) {
    // text has no NUL and few control characters
    let control = 0;
    const n = Math.min(head.length, 8192);
    for (let i = 0; i < n; i++) {
      const c = head[i]!;
      if (c === 0) return { type: null, reason: 'This is not a text file: upload a CSV or an Excel (.xlsx) file' };
      if (c < 9 || (c > 13 && c < 32 && c !== 27)) control++;
    }
    if (n > 0 && control / n > 0.01)
      return { type: null, reason: 'This is not a text file: upload a CSV or an Excel (.xlsx) file' };
  }
  return { type: 'csv' };
}
