/**
 * Numbers as exports write them: "1,234", "1.234" (German thousands), "12,5" (decimal comma),
 * "1 234", "12.5M", "$5 Mio.", "2 Mrd", "10k+", ZoomInfo's "$5 mil.". Null when it is not one number.
 */
const MULTIPLIERS: [RegExp, number][] = [
  [/^(k|thousand|thousands|tsd|tausend|mille|miles|mila|duizend)$/, 1e3],
  [/^(m|mm|mn|mil|mio|million|millions|millionen|millones|milioni|milhoes|miljoen|miljoenen)$/, 1e6],
  [/^(b|bn|bil|billion|billions|mrd|milliard|milliarden|milliards|mil millones|miliardi|bilhoes|miljard)$/, 1e9],
];

export function readAmount(raw: string): number | null {
  const s = raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/usd|eur|gbp|chf|[$€£¥]/g, '')
    .trim()
    .replace(/\+$/, '')
    .replace(/\.$/, '')
    .trim();
  const m = s.match(/^(-?[\d\s.,'\u00a0\u202f]*\d)\s*([a-z ]*)$/);
  if (!m) return null;
  const n = readDigits(m[1]!);
  if (n === null) return null;
  const word = m[2]!.trim().replace(/\.$/, '');
  if (!word) return n;
  const mult = MULTIPLIERS.find(([re]) => re.test(word));
  return mult ? n * mult[1] : null;
}

/** Digits with thousands separators and a decimal point or comma, read either way round. */
function readDigits(d: string): number | null {
  let s = d.replace(/[\s'\u00a0\u202f]/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    // both: the later one is the decimal mark
    const dec = lastDot > lastComma ? '.' : ',';
    s = s.split(dec === '.' ? ',' : '.').join('').replace(dec, '.');
  } else {
    const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (sep) {
      const parts = s.split(sep);
      // "1,234" and "1.234.567" are thousands; "12,5" and "1.5" decimals
      const thousands = parts.length > 2 || (parts[1]!.length === 3 && parts[0] !== '0' && parts[0] !== '-0');
      s = thousands ? parts.join('') : parts.join('.');
    }
  }
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  return Number(s);
}
