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

/**
 * Splits a full name into first and last name: "Dr. Jane van der Berg Jr." -> Jane / van der Berg;
 * "Berg, Jane" -> Jane / Berg; one word is a first name.
 */
export function splitFullName(full: string): { firstName: string | null; lastName: string | null } {
  let s = full.replace(/\s+/g, ' ').trim();
  if (!s) return { firstName: null, lastName: null };
  const comma = s.split(',').map((x) => x.trim());
  if (comma.length === 2 && comma[0] && comma[1] && !NAME_SUFFIXES.has(comma[1].toLowerCase().replace(/\./g, ''))) {
    s = `${comma[1]} ${comma[0]}`;
  } else {
    s = s.replace(/,/g, ' ').replace(/\s+/g, ' ');
  }
  const bare = (w: string) => w.toLowerCase().replace(/\./g, '');
  const words = s.split(' ');
  while (words.length > 1 && NAME_PREFIXES.has(bare(words[0]!))) words.shift();
  while (words.length > 1 && NAME_SUFFIXES.has(bare(words[words.length - 1]!))) words.pop();
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
