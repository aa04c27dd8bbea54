/**
 * The email finder's patterns (PRODUCT.md 4a): how a company writes its addresses from a
 * person's name, learned from the addresses known at the domain, and the candidates for a new
 * person in the order they are worth verifying.
 */

type Name = { first: string; last: string };

/** Local parts from a (normalised) name; the order is the prior: the most common first. */
export const emailPatterns = {
  'first.last': (n: Name) => `${n.first}.${n.last}`,
  flast: (n: Name) => `${n.first[0]}${n.last}`,
  first: (n: Name) => n.first,
  firstlast: (n: Name) => `${n.first}${n.last}`,
  firstl: (n: Name) => `${n.first}${n.last[0]}`,
  first_last: (n: Name) => `${n.first}_${n.last}`,
  'f.last': (n: Name) => `${n.first[0]}.${n.last}`,
  'last.first': (n: Name) => `${n.last}.${n.first}`,
  'first-last': (n: Name) => `${n.first}-${n.last}`,
  last: (n: Name) => n.last,
  lastf: (n: Name) => `${n.last}${n.first[0]}`,
  lastfirst: (n: Name) => `${n.last}${n.first}`,
} as const;
export type EmailPattern = keyof typeof emailPatterns;
const PRIOR = Object.keys(emailPatterns) as EmailPattern[];

/** Lower case, accents dropped, only letters and digits ("Zoë O'Brien-Smith" → zoe, obriensmith). */
export function nameKey(s: string | null | undefined): string {
  return (s ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const nameOf = (first: string | null | undefined, last: string | null | undefined): Name | null => {
  const n = { first: nameKey(first), last: nameKey(last) };
  return n.first && n.last ? n : null;
};

/** How many known addresses each pattern explains (a person's address may fit several). */
export function learnPatterns(known: { firstName: string | null; lastName: string | null; email: string }[]): Map<EmailPattern, number> {
  const counts = new Map<EmailPattern, number>();
  for (const k of known) {
    const n = nameOf(k.firstName, k.lastName);
    const local = k.email.slice(0, k.email.lastIndexOf('@')).toLowerCase();
    if (!n || !local) continue;
    for (const p of PRIOR) if (emailPatterns[p](n) === local) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  return counts;
}

/**
 * The addresses to verify for a person at the domain, likeliest first: the patterns the domain
 * was seen to use by how often, then the rest in the prior order; at most `limit`.
 */
export function rankCandidates(
  person: { firstName: string | null; lastName: string | null },
  domain: string,
  learned: Map<EmailPattern, number>,
  limit = 6,
): { email: string; pattern: EmailPattern }[] {
  const n = nameOf(person.firstName, person.lastName);
  if (!n) return [];
  const order = [...PRIOR].sort((a, b) => (learned.get(b) ?? 0) - (learned.get(a) ?? 0));
  const seen = new Set<string>();
  const out: { email: string; pattern: EmailPattern }[] = [];
  for (const p of order) {
    const email = `${emailPatterns[p](n)}@${domain}`;
    if (seen.has(email)) continue;
    seen.add(email);
    out.push({ email, pattern: p });
    if (out.length >= limit) break;
  }
  return out;
}
