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
