import { employeeRanges, type EmployeeRange } from '@leadtrail/contracts';
import { readAmount } from './amount.js';
import { vocabularyKey } from './vocabulary-key.js';

const BOUNDS: [number, EmployeeRange][] = [
  [10, '1-10'],
  [50, '11-50'],
  [200, '51-200'],
  [500, '201-500'],
  [1000, '501-1000'],
  [5000, '1001-5000'],
  [10000, '5001-10000'],
  [Infinity, '10001+'],
];

/** Words for a one-person company (LinkedIn's "Self-employed", "Myself Only"). */
const SOLO = new Set(['self employed', 'myself only', 'just me', 'solo', 'freelance', 'freelancer', 'selbststandig']);

const inRange = (n: number) => BOUNDS.find(([max]) => n <= max)![1];

/**
 * A number of employees or a range in any exporter's style: "250", "51-200", "20 - 49"
 * (ZoomInfo), "5,000 - 9,999", "10,000+", "1001-5000 employees", "2-10 Mitarbeiter",
 * HubSpot's raw counts; null when unreadable. A range goes where its upper bound falls.
 */
export function readEmployeeRange(raw: string): EmployeeRange | null {
  const v = raw.trim().replace(/[–—]/g, '-');
  if ((employeeRanges as readonly string[]).includes(v)) return v as EmployeeRange;
  const words = vocabularyKey(v);
  if (SOLO.has(words)) return '1-10';
  const bare = v
    .replace(/\b(employees?|staff|people|mitarbeiter(?:innen)?|salariés|empleados|funcionarios|dipendenti|medewerkers|werknemers|ma)\b\.?/gi, '')
    .replace(/^(over|more than|mehr als|plus de|más de|mais de|oltre|meer dan|>)\s*/i, '>')
    .replace(/^(less than|under|weniger als|moins de|menos de|meno di|minder dan|<)\s*/i, '<')
    .trim();
  const range = bare.match(/^(.+?)\s*(?:-|to|bis|à|a|tot)\s*(.+)$/i);
  let n: number | null;
  if (range) {
    const hi = readAmount(range[2]!);
    n = hi === null || readAmount(range[1]!) === null ? null : hi;
  } else if (bare.startsWith('>')) {
    const lo = readAmount(bare.slice(1));
    n = lo === null ? null : lo + 1;
  } else if (bare.startsWith('<')) {
    const hi = readAmount(bare.slice(1));
    n = hi === null ? null : hi - 1;
  } else if (/\+$/.test(bare)) {
    const lo = readAmount(bare.slice(0, -1));
    n = lo === null ? null : lo + 1;
  } else n = readAmount(bare);
  if (n === null || !Number.isFinite(n) || n < 1) return null;
  return inRange(Math.round(n));
}
