/**
 * Dates as exports write them, into YYYY-MM-DD: ISO (with a time too), 31.12.2025 (German,
 * Dutch), 31/12/2025 or 12/31/2025, 2025/12/31, "12 Mar 2025", "March 12, 2025", "12. März
 * 2025", "12 de marzo de 2025". A day-month order that the value leaves open (03/04/2025)
 * is read as the file's locale writes it: `dayFirst` (everywhere but the US and a few others).
 */
const MONTHS: Record<string, number> = {};
const NAMES: string[][] = [
  ['jan', 'january', 'januar', 'janvier', 'janv', 'enero', 'ene', 'janeiro', 'gennaio', 'gen', 'januari', 'jänner'],
  ['feb', 'february', 'februar', 'février', 'fevr', 'févr', 'febrero', 'fevereiro', 'fev', 'febbraio', 'februari'],
  ['mar', 'march', 'märz', 'maerz', 'mars', 'marzo', 'março', 'marco', 'maart', 'mrt'],
  ['apr', 'april', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maio', 'maggio', 'mag', 'mei'],
  ['jun', 'june', 'juni', 'juin', 'junio', 'junho', 'giugno', 'giu'],
  ['jul', 'july', 'juli', 'juillet', 'juil', 'julio', 'julho', 'luglio', 'lug'],
  ['aug', 'august', 'août', 'aout', 'agosto', 'ago', 'augustus'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre', 'setembro', 'set', 'settembre'],
  ['oct', 'october', 'oktober', 'okt', 'octobre', 'octubre', 'outubro', 'out', 'ottobre', 'ott'],
  ['nov', 'november', 'novembre', 'noviembre', 'novembro'],
  ['dec', 'december', 'dezember', 'dez', 'décembre', 'déc', 'diciembre', 'dic', 'dezembro', 'dicembre'],
];
NAMES.forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));

const pad = (n: number) => String(n).padStart(2, '0');

function ymd(y: number, m: number, d: number): string | null {
  if (y < 100) y += y < 50 ? 2000 : 1900;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

export function readDate(raw: string, dayFirst: boolean): string | null {
  const v = raw.trim().toLowerCase();
  let m = v.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[t\s].*)?$/);
  if (m) return ymd(Number(m[1]), Number(m[2]), Number(m[3]));
  m = v.match(/^(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})(?:\s.*)?$/);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    // dots are day first everywhere; otherwise the value, or the locale, decides
    const dmy = m[2] === '.' || a > 12 || (b <= 12 && dayFirst);
    return dmy ? ymd(Number(m[4]), b, a) : ymd(Number(m[4]), a, b);
  }
  // "12 Mar 2025", "12. März 2025", "12 de marzo de 2025", "March 12, 2025"
  const words = v.replace(/[,.]/g, ' ').replace(/\bde\b/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length === 3) {
    const [x, y, z] = words as [string, string, string];
    if (/^\d{1,2}$/.test(x) && MONTHS[y] && /^\d{4}$/.test(z)) return ymd(Number(z), MONTHS[y], Number(x));
    if (MONTHS[x] && /^\d{1,2}$/.test(y) && /^\d{4}$/.test(z)) return ymd(Number(z), MONTHS[x], Number(y));
  }
  return null;
}

/**
 * The order a file writes its dates in, read from a column's values: one with a first part past 12
 * (25/03/2025) says day first, one with a second part past 12 (03/25/2025) month first; null when
 * every value leaves it open (or they disagree), and the workspace's region decides.
 */
export function dayFirstOf(values: readonly string[]): boolean | null {
  let dayFirst = false;
  let monthFirst = false;
  for (const raw of values) {
    const m = raw.trim().match(/^(\d{1,2})([-/])(\d{1,2})\2(\d{2}|\d{4})(?:\s.*)?$/);
    if (!m) continue;
    if (Number(m[1]) > 12) dayFirst = true;
    if (Number(m[3]) > 12) monthFirst = true;
  }
  return dayFirst === monthFirst ? null : dayFirst;
}

/** Where dates are written month first when the value leaves it open (03/04/2025 is March 4th). */
const MONTH_FIRST = new Set(['US', 'CA', 'PH', 'FM', 'MH', 'PW']);
export const dayFirstIn = (region: string) => !MONTH_FIRST.has(region.toUpperCase());
