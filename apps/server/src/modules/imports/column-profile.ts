import { readCountry } from './vocabularies/country.js';

/**
 * What a column's values look like, whatever its header says: the share of its non-empty
 * values of each kind, and how much they vary. The mapping engine reads it beside the header.
 */

export const valueKinds = [
  'email',
  'phone',
  'url',
  'linkedinPerson',
  'linkedinCompany',
  'domain',
  'country',
  'personName',
  'number',
  'date',
  'range',
] as const;
export type ValueKind = (typeof valueKinds)[number];

export type ColumnProfile = {
  /** Non-empty values read. */
  filled: number;
  /** Distinct values among them (case-insensitive). */
  distinct: number;
  /** kind -> share of the non-empty values (0..1). */
  shares: Record<ValueKind, number>;
};

const EMAIL_RE = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[a-z]{2,}$/i;
const LINKEDIN_PERSON_RE = /linkedin\.com\/(in|pub)\/|^in\/[\w-]+\/?$/i;
const LINKEDIN_COMPANY_RE = /linkedin\.com\/(company|school|showcase)\//i;
const URL_RE = /^(https?:\/\/)?(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/\S*)?$/i;
const BARE_DOMAIN_RE = /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i;
const PHONE_RE = /^\+?[\d\s().\-/]{7,22}(\s*(x|ext\.?)\s*\d{1,6})?$/i;
const NUMBER_RE = /^[-+]?(\d{1,3}([.,\s']\d{3})+|\d+)([.,]\d+)?\s*[kmb%]?$/i;
const RANGE_RE = /^\$?\d[\d.,\s]*[kmb]?\s*(-|–|to|bis|à|a)\s*\$?\d[\d.,\s]*[kmb]?$|^\$?\d[\d.,\s]*[kmb]?\s*\+$/i;
const DATE_RE =
  /^(\d{4}-\d{1,2}-\d{1,2}([ t]\d{1,2}:\d{2}(:\d{2})?(\.\d+)?(z|[+-]\d{2}:?\d{2})?)?|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}( \d{1,2}:\d{2}(:\d{2})?( ?[ap]m)?)?)$/i;
// two to four capitalised words, or "Last, First": what a person's name looks like
const NAME_WORD = "\\p{Lu}[\\p{L}'’.-]*";
const PERSON_NAME_RE = new RegExp(
  `^(${NAME_WORD}(\\s+(\\p{Ll}{1,3}\\s+)*${NAME_WORD}){1,3}|${NAME_WORD}(\\s+${NAME_WORD})*,\\s*${NAME_WORD}(\\s+${NAME_WORD})?)$`,
  'u',
);

/** A country's name in one of the seven languages, or its ISO code (B's vocabulary reads it). */
const isCountry = (v: string) => {
  // no country's name holds a digit, an @ or a slash: spare the lookup
  if (/[\d@/]/.test(v)) return false;
  const lower = v.toLowerCase();
  // an unknown word comes back as written
  return readCountry(lower) !== lower;
};

export const looksLike: Record<ValueKind, (v: string) => boolean> = {
  email: (v) => EMAIL_RE.test(v),
  phone: (v) => {
    if (!PHONE_RE.test(v)) return false;
    const digits = v.replace(/\D/g, '').length;
    // a date or a plain count is not a phone
    return digits >= 7 && digits <= 15 && !DATE_RE.test(v) && !/^\d{1,3}([.,]\d{3})+$/.test(v);
  },
  url: (v) => URL_RE.test(v) && !EMAIL_RE.test(v) && /[a-z]/i.test(v) && !NUMBER_RE.test(v),
  linkedinPerson: (v) => LINKEDIN_PERSON_RE.test(v),
  linkedinCompany: (v) => LINKEDIN_COMPANY_RE.test(v),
  domain: (v) => BARE_DOMAIN_RE.test(v) && !EMAIL_RE.test(v),
  country: (v) => v.length <= 60 && isCountry(v),
  personName: (v) => v.length <= 60 && PERSON_NAME_RE.test(v),
  number: (v) => NUMBER_RE.test(v) && !DATE_RE.test(v),
  date: (v) => DATE_RE.test(v),
  range: (v) => RANGE_RE.test(v) && !DATE_RE.test(v) && !PHONE_RE.test(v.replace(/\s/g, '')),
};

/** The profile of a column from its values (the first rows of the file; empty cells skipped). */
export function profileColumn(values: readonly string[]): ColumnProfile {
  const shares = Object.fromEntries(valueKinds.map((k) => [k, 0])) as Record<ValueKind, number>;
  const seen = new Set<string>();
  let filled = 0;
  for (const raw of values) {
    const v = raw.trim();
    if (!v) continue;
    filled++;
    seen.add(v.toLowerCase());
    let country = false;
    for (const k of valueKinds) {
      if (k === 'personName' && country) continue;
      if (!looksLike[k](v)) continue;
      shares[k]++;
      if (k === 'country') country = true;
    }
  }
  if (filled > 0) for (const k of valueKinds) shares[k] /= filled;
  return { filled, distinct: seen.size, shares };
}

/** Rows needed before a column's sameness means anything. */
const SAMENESS_MIN_ROWS = 5;

/**
 * A column whose values barely vary: the same value on most rows (the uploader's address on
 * every row). It may never become an identity field: each row would be the same record.
 */
export function barelyVaries(p: ColumnProfile): boolean {
  return p.filled >= SAMENESS_MIN_ROWS && p.distinct / p.filled <= 0.2;
}

/** The kind most of the values are, when one is (at least 80%), by precedence. */
export function dominantKind(p: ColumnProfile): ValueKind | null {
  // the specific kinds first: a LinkedIn URL is a URL too, a domain a URL, a range's ends numbers
  const order: ValueKind[] = ['email', 'linkedinPerson', 'linkedinCompany', 'domain', 'url', 'country', 'date', 'range', 'phone', 'number', 'personName'];
  for (const k of order) if (p.shares[k] >= 0.8) return k;
  return null;
}
