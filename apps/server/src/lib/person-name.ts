/** Person names as spreadsheets hold them. */

const NAME_PREFIXES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'sir',
  'dame',
  'herr',
  'frau',
  'mme',
  'mlle',
  'm',
  'sr',
  'sra',
  'srta',
  'dña',
  'don',
  'dott',
  'ing',
]);
const NAME_SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'esq', 'mba', 'cpa', 'dds', 'rn', 'pmp']);
const PARTICLES = new Set([
  'van',
  'von',
  'de',
  'der',
  'den',
  'da',
  'das',
  'di',
  'del',
  'della',
  'dos',
  'du',
  'le',
  'la',
  'st',
  'bin',
  'binti',
  'al',
  'ten',
  'ter',
  'mac',
  'af',
  'zu',
]);

const bare = (w: string) => w.toLowerCase().replace(/\./g, '');
const isSuffix = (w: string) => NAME_SUFFIXES.has(bare(w));

/** Honorifics before and suffixes after a name's words are left out (one word always stays). */
function trimTitles(words: string[]): string[] {
  const out = [...words];
  while (out.length > 1 && NAME_PREFIXES.has(bare(out[0]!))) out.shift();
  while (out.length > 1 && isSuffix(out[out.length - 1]!)) out.pop();
  return out;
}

/**
 * Splits a full name into first and last name: "Dr. Jane van der Berg Jr." -> Jane / van der Berg;
 * "García Márquez, Gabriel" -> Gabriel / García Márquez (a comma puts the last name first);
 * particles (van der, de la, von, da) stay with the last name, middle names and initials with
 * the first; one word is a first name.
 */
export function splitFullName(full: string): { firstName: string | null; lastName: string | null } {
  const s = full.replace(/\s+/g, ' ').trim();
  if (!s) return { firstName: null, lastName: null };
  const parts = s.split(',').map((x) => x.trim()).filter(Boolean);
  // "Smith, John, Jr." / "John Smith, PhD": a part that is only suffixes is not a name
  while (parts.length > 1 && parts[parts.length - 1]!.split(' ').every(isSuffix)) parts.pop();
  if (parts.length === 2) {
    const last = trimTitles(parts[0]!.split(' '));
    const first = trimTitles(parts[1]!.split(' '));
    return { firstName: first.join(' '), lastName: last.join(' ') };
  }
  const words = trimTitles(parts.join(' ').split(' '));
  if (words.length === 1) return { firstName: words[0]!, lastName: null };
  // the last name starts at the first particle after the first word, or is the last word
  let cut = words.length - 1;
  for (let i = 1; i < words.length - 1; i++) {
    if (PARTICLES.has(bare(words[i]!))) {
      cut = i;
      break;
    }
  }
  return { firstName: words.slice(0, cut).join(' '), lastName: words.slice(cut).join(' ') };
}
