import { revenueRanges, type RevenueRange } from '@leadtrail/contracts';
import { readAmount } from './amount.js';

const BOUNDS: [number, RevenueRange][] = [
  [1e6, '<1M'],
  [1e7, '1M-10M'],
  [5e7, '10M-50M'],
  [1e8, '50M-100M'],
  [5e8, '100M-500M'],
  [1e9, '500M-1B'],
  [Infinity, '1B+'],
];

/**
 * The unit a revenue column's header names: "Revenue (in thousands)", "Umsatz (Mio. €)",
 * "Annual Revenue ($M)". 1 when it names none.
 */
export function revenueScale(header: string): number {
  const h = header.toLowerCase();
  if (/thousand|\(k\)|\$k|in k\b|tausend|tsd|milliers|miles\b|migliaia|duizend|\bk€|€k|000s/.test(h)) return 1e3;
  if (/billion|\(b\)|\$b\b|mrd|milliard|miliardi/.test(h)) return 1e9;
  if (/million|\(m\)|\$m\b|\bmm\b|mio|millones|milioni|milhões|miljoen|\bm€|€m/.test(h)) return 1e6;
  return 1;
}

/**
 * An amount or a range in any exporter's style ("$12,500,000", "12.5M", "12,5 Mio. €",
 * "$1M - $10M", "10M-50M", "<1M", "1 - 10 Million", "$500 mil. to $1 bil.") -> our range;
 * `scale` multiplies a bare number (the header said thousands or millions). Null when unreadable.
 */
export function readRevenueRange(raw: string, scale = 1): RevenueRange | null {
  const v = raw.trim().replace(/[–—]/g, '-');
  const compact = v.toUpperCase().replace(/[\s$€£]/g, '');
  if ((revenueRanges as readonly string[]).includes(compact)) return compact as RevenueRange;
  const bare = v
    .replace(/^(less than|under|below|weniger als|moins de|menos de|meno di|minder dan|<)\s*/i, '<')
    .replace(/^(over|more than|above|mehr als|plus de|más de|mais de|oltre|meer dan|>)\s*/i, '>')
    .replace(/\s*(per year|p\.a\.|annual|usd|eur)\s*$/i, '')
    .trim();
  const read = (s: string) => {
    const n = readAmount(s);
    // a bare number takes the header's unit; "12.5M" says its own
    return n === null ? null : /[a-z]/i.test(s.replace(/usd|eur|gbp/gi, '')) ? n : n * scale;
  };
  const range = bare.match(/^(.+?)\s*(?:-|to|bis|à|a|tot)\s*(.+)$/i);
  let n: number | null;
  if (range) {
    const hiRaw = range[2]!;
    const hi = read(hiRaw);
    // "1 - 10 Million": the unit written once applies to both ends
    const unit = hiRaw.match(/[a-z.]+\s*$/i)?.[0] ?? '';
    const lo = readAmount(range[1]!) ?? readAmount(range[1]! + unit);
    // the upper bound is exclusive: "10M-50M" is below 50M
    n = hi === null || lo === null ? null : hi - 1;
  } else if (bare.startsWith('<')) {
    const hi = read(bare.slice(1));
    n = hi === null ? null : hi - 1;
  } else if (bare.startsWith('>')) {
    n = read(bare.slice(1));
  } else n = read(bare.replace(/\+$/, ''));
  if (n === null || !Number.isFinite(n) || n < 0) return null;
  return BOUNDS.find(([max]) => n < max)![1];
}
