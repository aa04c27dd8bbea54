/** What an uploaded logo really is, read from its first bytes (the declared type is not trusted). */
export type LogoKind = 'image/png' | 'image/jpeg' | 'svg' | 'unknown';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffLogo(data: Buffer): LogoKind {
  if (data.length >= PNG.length && PNG.every((b, i) => data[i] === b)) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const head = data
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  // named only to say why it is refused
  if (head.includes('<svg')) return 'svg';
  return 'unknown';
}

/** Pixels a logo may declare (4096 × 4096): a small file can declare a huge canvas (decision 0014). */
export const LOGO_MAX_PIXELS = 4096 * 4096;

/**
 * The width and height an image declares, read from its header (PNG IHDR, JPEG SOFn),
 * without decoding it; null when the header can't be read.
 */
export function declaredSize(data: Buffer, kind: 'image/png' | 'image/jpeg'): { width: number; height: number } | null {
  if (kind === 'image/png') {
    // signature (8), chunk length (4), "IHDR" (4), width (4), height (4)
    if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  let at = 2; // after SOI
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > data.length) return null;
      return { width: data.readUInt16BE(at + 7), height: data.readUInt16BE(at + 5) };
    }
    if (marker === 0xd9 || marker === 0xda || length < 2) return null; // end or scan data before any frame
    at += 2 + length;
  }
  return null;
}
