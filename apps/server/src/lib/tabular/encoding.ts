import iconv from 'iconv-lite';

/** The text encodings an uploaded CSV may use (and the user may pick to override detection). */
export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

export type DetectedEncoding = { encoding: TextEncoding; bom: boolean };

/** Byte-order marks, longest first. */
const BOMS: [TextEncoding, number[]][] = [
  ['utf-8', [0xef, 0xbb, 0xbf]],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
];

/**
 * Guesses the encoding of a file from its first bytes: a BOM decides; otherwise text whose
 * every other byte is NUL is UTF-16 without BOM; valid UTF-8 is UTF-8 (plain ASCII too);
 * anything else is taken as Windows-1252, the encoding Excel on Windows writes "CSV" in.
 */
export function detectEncoding(sample: Uint8Array, isWholeFile = false): DetectedEncoding {
  for (const [encoding, bom] of BOMS) {
    if (sample.length >= bom.length && bom.every((b, i) => sample[i] === b)) return { encoding, bom: true };
  }
  const utf16 = utf16WithoutBom(sample);
  if (utf16) return { encoding: utf16, bom: false };
  return { encoding: isValidUtf8(sample, isWholeFile) ? 'utf-8' : 'windows-1252', bom: false };
}

/** UTF-16 text of Latin script has a NUL in every other byte; which half tells the byte order. */
function utf16WithoutBom(sample: Uint8Array): TextEncoding | null {
  const n = Math.min(sample.length, 4096) & ~1;
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (sample[i] === 0) evenNul++;
    if (sample[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.4 && evenNul < pairs * 0.05) return 'utf-16le';
  if (evenNul > pairs * 0.4 && oddNul < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * Strict UTF-8 check. A sequence cut off by the end of a sample (not of the file) is fine:
 * the sample boundary falls wherever it falls.
 */
export function isValidUtf8(bytes: Uint8Array, isWholeFile = false): boolean {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return false;
    if (i + need >= n) {
      // cut off by the end of the bytes
      if (isWholeFile) return false;
      for (let k = i + 1; k < n; k++) if ((bytes[k]! & 0xc0) !== 0x80) return false;
      return true;
    }
    let cp = b & (0xff >> (need + 2));
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += need + 1;
  }
  return true;
}

/** Decodes a sample to text (BOM dropped); a character cut by the sample's end is dropped too. */
export function decodeSample(sample: Uint8Array, encoding: TextEncoding): string {
  const decoder = iconv.getDecoder(encoding, { stripBOM: true });
  return decoder.write(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength));
}

/** A streaming decoder (BOM dropped) for reading the whole file. */
export function createDecoder(encoding: TextEncoding) {
  return iconv.getDecoder(encoding, { stripBOM: true });
}

/** The byte length of a code unit, for scanning raw bytes for line ends. */
export const unitBytes = (encoding: TextEncoding) => (encoding.startsWith('utf-16') ? 2 : 1);
