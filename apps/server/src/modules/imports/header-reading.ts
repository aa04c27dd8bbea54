import type { AdditionalChannelTarget, Entity } from '@leadtrail/contracts';
import { COMPANY_HEADER_NAMES, CONTACT_HEADER_NAMES, type HeaderNames } from './header-names.js';

/**
 * What a column's header says it holds: its name in any of the seven languages, after the
 * object prefix a tool adds (`Person - `, `Contact `, `Lead `, `Account `) and with its number
 * (`Email 2`, `E-mail 3`). Each reading carries a score (100: certain) and the reason shown.
 */

/** "E-mail 1 - Value" -> "email1value", "FirstName" -> "firstname", "# Employees" -> "numemployees". */
export function compactHeader(header: string): string {
  return header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/#/g, 'num')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '');
}

export type HeaderReading = { target: string; score: number; reason: string };
export type CustomFieldRef = { key: string; label: string };

type Index = Map<string, Map<string, number>>;

function indexOf(names: HeaderNames): Index {
  const index: Index = new Map();
  for (const [target, byLanguage] of Object.entries(names)) {
    for (const list of Object.values(byLanguage)) {
      for (const entry of list ?? []) {
        const [name, score] = typeof entry === 'string' ? [entry, 95] : entry;
        const key = compactHeader(name);
        const targets = index.get(key) ?? new Map<string, number>();
        targets.set(target, Math.max(score, targets.get(target) ?? 0));
        index.set(key, targets);
      }
    }
  }
  return index;
}

const INDEX: Record<Entity, Index> = { contacts: indexOf(CONTACT_HEADER_NAMES), companies: indexOf(COMPANY_HEADER_NAMES) };

/** The prefixes naming the file's own object, and those naming the other one. */
const PREFIXES: Record<Entity, { own: string[]; company: string[] }> = {
  contacts: { own: ['person', 'contact', 'lead', 'prospect'], company: ['account', 'company', 'organization', 'organisation', 'org'] },
  companies: { own: ['account', 'company', 'organization', 'organisation', 'org'], company: [] },
};

/** A contact file's company columns (`Account Industry`): the company field's name, as the contact's target. */
const CONTACT_COMPANY_TARGETS: Record<string, string> = {
  name: 'companyName',
  domain: 'companyDomain',
  website: 'website',
  industry: 'companyIndustry',
  employeeRange: 'companyEmployees',
  phone: 'companyPhone',
  linkedinUrl: 'companyLinkedinUrl',
};

// a vCard's further values: "Email 2 (work)", "Phone 2 (mobile)" (lib/tabular/vcard.ts)
const NUMBERED_RE = /^(.*?[a-z])(\d{1,2})(value|address|adresse|adres|work|home|other|mobile|cell|main|iphone|voice)?$/;

/** Readings of a compact name: as written, else numbered (`email2` is a second email: it loses to the first). */
function lookup(index: Index, compact: string): { target: string; score: number; numbered: boolean }[] {
  const direct = index.get(compact);
  if (direct) return [...direct].map(([target, score]) => ({ target, score, numbered: false }));
  const m = NUMBERED_RE.exec(compact);
  if (!m) return [];
  const n = Number(m[2]);
  return [...(index.get(m[1]!) ?? [])].map(([target, score]) => ({
    target,
    score: n <= 1 ? score - 2 : Math.min(score, 40 - n),
    numbered: true,
  }));
}

/** The fields a header names, best first; empty when it names none. */
export function readHeader(entity: Entity, header: string, customFields: CustomFieldRef[] = []): HeaderReading[] {
  const compact = compactHeader(header);
  if (!compact) return [];
  const quoted = `header "${header.trim()}"`;
  const out: HeaderReading[] = [];
  for (const f of customFields) {
    if (compactHeader(f.label) === compact || f.key.replace(/_/g, '') === compact)
      out.push({ target: `custom:${f.key}`, score: 101, reason: `${quoted} (custom field)` });
  }
  const found = lookup(INDEX[entity], compact);
  for (const r of found) out.push({ target: r.target, score: r.score, reason: quoted });
  if (found.length === 0) {
    const prefixes = PREFIXES[entity];
    for (const prefix of prefixes.own) {
      if (!compact.startsWith(prefix) || compact.length === prefix.length) continue;
      for (const r of lookup(INDEX[entity], compact.slice(prefix.length)))
        out.push({ target: r.target, score: r.score - 1, reason: quoted });
    }
    for (const prefix of prefixes.company) {
      if (!compact.startsWith(prefix) || compact.length === prefix.length) continue;
      for (const r of lookup(INDEX.companies, compact.slice(prefix.length))) {
        const target = CONTACT_COMPANY_TARGETS[r.target];
        if (target) out.push({ target, score: r.score - 1, reason: quoted });
      }
    }
  }
  if (entity === 'contacts') addChannelReadings(compact, out);
  return out.sort((a, b) => b.score - a.score);
}

/** The fields of which a further column is another of the contact's emails or phones (issue 26). */
const CHANNEL_OF: Record<string, 'Email' | 'Phone'> = { email: 'Email', workPhone: 'Phone', mobilePhone: 'Phone', otherPhone: 'Phone' };

/**
 * A column naming an email or a phone field (`E-mail 2 Address`, `Home Phone`, `Business Phone 2`)
 * is also read as an additional one, typed by its words, a little less sure: it takes the field
 * when that is free, and becomes an additional email or phone when another column holds it.
 */
function addChannelReadings(compact: string, out: HeaderReading[]) {
  const type = /work|business|office|corporate|direct|company/.test(compact) ? 'Work' : /personal|home|private|privat/.test(compact) ? 'Personal' : 'Other';
  // a company's number is not the person's
  const company = out.some((r) => r.target === 'companyPhone');
  for (const r of [...out]) {
    const kind = CHANNEL_OF[r.target];
    if (!kind || (kind === 'Phone' && company)) continue;
    const target = `additional${type}${kind}` as AdditionalChannelTarget;
    const score = r.score - 5;
    const had = out.find((o) => o.target === target);
    if (!had) out.push({ target, score, reason: r.reason });
    else had.score = Math.max(had.score, score);
  }
}
