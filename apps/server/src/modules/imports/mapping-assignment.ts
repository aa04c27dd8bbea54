import { importTargetLabels, multiColumnTargets, standardImportTargets, type Entity } from '@leadtrail/contracts';
import { barelyVaries, dominantKind, profileColumn, type ColumnProfile, type ValueKind } from './column-profile.js';
import { compactHeader, readHeader, type CustomFieldRef } from './header-reading.js';

/**
 * The global assignment of a file's columns to fields. Every column offers candidates, from
 * its header (header-reading.ts) and from its values (column-profile.ts); each field then goes
 * to the column that fits it best. A header naming a field outranks any guess from values; a
 * column whose values barely vary never takes an identity field (one uploader's address on
 * every row would make every row the same person). Each suggestion says why, and how sure.
 */

export type ColumnInput = { index: number; header: string; samples: string[]; profile?: ColumnProfile };
export type Suggestion = { target: string; reason: string; confidence: number; review: boolean };

/** Below this a suggestion is marked for review. */
export const REVIEW_BELOW = 0.7;

/** The fields that say which record a row is: never from a column that barely varies. */
export const identityTargets: Record<Entity, ReadonlySet<string>> = {
  contacts: new Set(['email', 'linkedinUrl', 'fullName', 'firstName', 'lastName']),
  companies: new Set(['name', 'domain', 'website']),
};

const isAdditionalEmail = (target: string) => target.startsWith('additional') && target.endsWith('Email');

/** Value kinds that can't be mistaken: a header naming a field that can't hold them is wrong. */
const UNMISTAKABLE: ReadonlySet<ValueKind> = new Set(['email', 'linkedinPerson', 'linkedinCompany']);

function accepts(entity: Entity, target: string, kind: ValueKind): boolean {
  if (target === 'notes' || target === 'owner' || target.startsWith('custom:')) return true;
  if (kind === 'email') return target === 'email' || isAdditionalEmail(target);
  if (kind === 'linkedinPerson') return entity === 'contacts' && target === 'linkedinUrl';
  return entity === 'contacts' ? target === 'companyLinkedinUrl' : target === 'linkedinUrl';
}

type ValueGuess = { kind: ValueKind; target: Record<Entity, string | null>; weight: number; reason: string };
/** What a column of one kind of value is, when its header says nothing; weight: how telling the kind is. */
const VALUE_GUESSES: ValueGuess[] = [
  { kind: 'email', target: { contacts: 'email', companies: null }, weight: 0.85, reason: 'values are emails' },
  { kind: 'linkedinPerson', target: { contacts: 'linkedinUrl', companies: null }, weight: 0.85, reason: 'values are LinkedIn profiles' },
  { kind: 'linkedinCompany', target: { contacts: 'companyLinkedinUrl', companies: 'linkedinUrl' }, weight: 0.8, reason: 'values are LinkedIn company pages' },
  { kind: 'domain', target: { contacts: 'companyDomain', companies: 'domain' }, weight: 0.6, reason: 'values are domains' },
  { kind: 'url', target: { contacts: 'website', companies: 'website' }, weight: 0.55, reason: 'values are web addresses' },
  { kind: 'phone', target: { contacts: 'workPhone', companies: 'phone' }, weight: 0.55, reason: 'values are phone numbers' },
  { kind: 'country', target: { contacts: 'country', companies: 'country' }, weight: 0.6, reason: 'values are countries' },
  { kind: 'personName', target: { contacts: 'fullName', companies: null }, weight: 0.45, reason: "values look like people's names" },
];

type Candidate = { index: number; target: string; rank: number; confidence: number; reason: string };

/** A header candidate always ranks above a value guess. */
const HEADER_RANK = 1000;

const label = (t: string) => (importTargetLabels as Record<string, string>)[t] ?? t.replace(/^custom:/, '');

function candidatesOf(entity: Entity, col: ColumnInput, profile: ColumnProfile, customFields: CustomFieldRef[]): Candidate[] {
  const out: Candidate[] = [];
  const kind = dominantKind(profile);
  for (const r of readHeader(entity, col.header, customFields)) {
    // "Contact" over a column of emails: the values are right, the header reading wrong
    if (kind && UNMISTAKABLE.has(kind) && !accepts(entity, r.target, kind)) continue;
    out.push({ index: col.index, target: r.target, rank: HEADER_RANK + r.score, confidence: Math.min(1, r.score / 100), reason: r.reason });
  }
  for (const g of VALUE_GUESSES) {
    const target = g.target[entity];
    const share = profile.shares[g.kind];
    if (!target || share < 0.8) continue;
    // the specific kinds win: a LinkedIn URL is a URL too, a domain a URL
    if (kind && kind !== g.kind && VALUE_GUESSES.findIndex((x) => x.kind === kind) < VALUE_GUESSES.indexOf(g)) continue;
    const confidence = Math.round(g.weight * share * 100) / 100;
    out.push({ index: col.index, target, rank: confidence * 100, confidence, reason: g.reason });
  }
  return out;
}

/**
 * The suggestion for each column (by index): a field, or `ignore` with why. The result does not
 * depend on the order of the columns or of the rows (the profile is order-free, ties are broken
 * by what the columns hold before where they stand).
 */
export function assignColumns(entity: Entity, columns: ColumnInput[], customFields: CustomFieldRef[] = []): Map<number, Suggestion> {
  const profiles = new Map(columns.map((c) => [c.index, c.profile ?? profileColumn(c.samples)]));
  const headerOf = new Map(columns.map((c) => [c.index, c.header]));
  const compacts = new Set(columns.map((c) => compactHeader(c.header)));
  const identity = identityTargets[entity];
  const refused = new Map<number, string>();
  const candidates: Candidate[] = [];
  for (const col of columns) {
    const profile = profiles.get(col.index)!;
    for (const c of candidatesOf(entity, col, profile, customFields)) {
      // nor an additional email: one address on every row is nobody's own
      if ((identity.has(c.target) || isAdditionalEmail(c.target)) && barelyVaries(profile)) {
        refused.set(col.index, `the same value on most rows: not used as ${label(c.target)}`);
        continue;
      }
      // Outlook's "Title" is Mr./Ms. when a "Job Title" column exists
      if (c.target === 'jobTitle' && compacts.has('jobtitle') && compactHeader(col.header) === 'title') continue;
      candidates.push(c);
    }
  }
  const key = (i: number) => `${compactHeader(headerOf.get(i)!)}\u0000${headerOf.get(i)}`;
  candidates.sort(
    (a, b) =>
      b.rank - a.rank ||
      profiles.get(b.index)!.distinct - profiles.get(a.index)!.distinct ||
      (key(a.index) < key(b.index) ? -1 : key(a.index) > key(b.index) ? 1 : 0) ||
      a.index - b.index,
  );
  const assigned = new Map<number, Candidate>();
  const takenBy = new Map<string, number>();
  const lostTo = new Map<number, string>();
  for (const c of candidates) {
    if (assigned.has(c.index)) continue;
    const holder = takenBy.get(c.target);
    if (holder !== undefined && !multiColumnTargets.includes(c.target)) {
      if (!lostTo.has(c.index)) lostTo.set(c.index, `${label(c.target)} is taken by "${headerOf.get(holder)}"`);
      continue;
    }
    assigned.set(c.index, c);
    takenBy.set(c.target, c.index);
  }
  // first and last name columns make a full-name column redundant
  if (takenBy.has('firstName') && takenBy.has('lastName') && takenBy.has('fullName')) {
    const i = takenBy.get('fullName')!;
    assigned.delete(i);
    lostTo.set(i, 'first and last names have their own columns');
  }
  // only a field of this entity is ever suggested (a suggestion the select can't show is a dead end)
  const valid = validTargets(entity, customFields);
  const result = new Map<number, Suggestion>();
  for (const col of columns) {
    const c = assigned.get(col.index);
    if (c && valid.has(c.target)) {
      result.set(col.index, { target: c.target, reason: c.reason, confidence: c.confidence, review: c.confidence < REVIEW_BELOW });
      continue;
    }
    const reason = refused.get(col.index) ?? lostTo.get(col.index) ?? 'no field matches its header or values';
    result.set(col.index, { target: 'ignore', reason, confidence: 0, review: false });
  }
  return result;
}

/** The standard targets of an entity plus its custom fields: what a mapping may name. */
export function validTargets(entity: Entity, customFields: CustomFieldRef[]): Set<string> {
  return new Set<string>(['ignore', ...standardImportTargets(entity), ...customFields.map((f) => `custom:${f.key}`)]);
}
