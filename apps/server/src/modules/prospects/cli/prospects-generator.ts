import type { EmailStatus, ProspectDepartment, Seniority } from '@leadtrail/contracts';
import { seededRandom, weighted, type Random } from './seeded-random.js';
import {
  COMPANY_KINDS,
  COMPANY_STEMS,
  COMPANY_TAILS,
  COUNTRIES,
  DEPARTMENT_TITLES,
  DEPARTMENT_WEIGHTS,
  EMPLOYEE_RANGES,
  FIRST_NAMES,
  INDUSTRIES,
  LAST_NAMES,
  SENIORITY_WEIGHTS,
  SENIORITY_WEIGHTS_SMALL,
  revenueRangeOf,
  type Country,
} from './prospect-pools.js';
import type { ProspectCompanyRow, ProspectPersonRow } from './prospect-rows.js';

/**
 * The synthetic prospect database: companies (sizes skewed small) with their people, titles
 * that fit seniority and department, ~70% with an email, ~40% with a phone. Deterministic:
 * the same seed and count always give the same rows, in the same order (a seeded PRNG is the
 * only randomness). Every address is on a reserved `.example` domain; phone numbers are the
 * fictional ranges where a country has one (+1 555-01xx, +44 20 7946 0xxx).
 */

export const DEFAULT_SEED = 'leadtrail';

const pickCountry = weighted(COUNTRIES.map((c) => [c, c.weight] as const));
const pickIndustry = weighted(INDUSTRIES);
const pickSize = weighted(EMPLOYEE_RANGES.map((s) => [s, s.weight] as const));
const pickSenioritySmall = weighted(SENIORITY_WEIGHTS_SMALL);
const pickSeniority = weighted(SENIORITY_WEIGHTS);
const pickDepartment = weighted(DEPARTMENT_WEIGHTS);
const pickEmailStatus = weighted<EmailStatus>([['valid', 62], ['risky', 16], ['invalid', 6], ['unknown', 16]]);

/** Departments an industry leans to (a hospital employs nurses). */
const INDUSTRY_DEPARTMENT: Record<string, ProspectDepartment> = {
  'Higher Education': 'education',
  'E-Learning Providers': 'education',
  'Hospitals and Health Care': 'medical',
  'Pharmaceutical Manufacturing': 'medical',
  'Biotechnology Research': 'medical',
  'Legal Services': 'legal',
  'Business Consulting and Services': 'consulting',
};

// names come from fixed pools: each is folded once (four folds per person otherwise)
const folded = new Map<string, string>();
const ascii = (s: string) => {
  let out = folded.get(s);
  if (out === undefined) folded.set(s, (out = s.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase()));
  return out;
};
const between = (r: Random, min: number, max: number) => min + r.int(max - min + 1);
const digits = (r: Random, n: number) => {
  let s = '';
  for (let i = 0; i < n; i++) s += String(r.int(10));
  return s;
};

type Place = { city: string; region: string; country: Country };
function placeIn(r: Random, country: Country): Place {
  const [region, cities] = r.pick(country.regions);
  return { city: r.pick(cities), region, country };
}

function phoneFor(r: Random, country: Country): string {
  if (country.callingCode === '1') return `+1${between(r, 201, 989)}55501${digits(r, 2)}`;
  if (country.name === 'United Kingdom') return `+442079460${digits(r, 3)}`;
  return `+${country.callingCode}${between(r, 2, 9)}${digits(r, 8)}`;
}

function titleFor(r: Random, seniority: Seniority, department: ProspectDepartment): string {
  const t = DEPARTMENT_TITLES[department];
  switch (seniority) {
    case 'owner':
      return r.pick(['Owner', 'Owner & Managing Director', 'Co-Owner']);
    case 'founder':
      return r.pick(['Founder', 'Co-Founder', 'Founder & CEO']);
    case 'c_suite':
      return t.chief;
    case 'partner':
      return r.chance(0.5) ? 'Partner' : r.chance(0.5) ? 'Managing Partner' : `${t.area} Partner`;
    case 'vp':
      return r.chance(0.6) ? `VP of ${t.area}` : `Vice President, ${t.area}`;
    case 'head':
      return `Head of ${t.area}`;
    case 'director':
      return r.chance(0.6) ? `Director of ${t.area}` : `${t.area} Director`;
    case 'manager':
      return r.pick(t.manager);
    case 'senior':
      return `Senior ${r.pick(t.ic)}`;
    case 'entry':
      return r.chance(0.25) ? `Junior ${r.pick(t.ic)}` : r.pick(t.ic);
    case 'intern':
      return `${t.area} Intern`;
  }
}

function departmentFor(r: Random, seniority: Seniority, industry: string): ProspectDepartment {
  if (seniority === 'owner' || seniority === 'founder') return 'c_suite';
  if (seniority === 'c_suite' && r.chance(0.35)) return 'c_suite';
  if (seniority === 'partner') return r.pick(['consulting', 'legal', 'finance', 'sales'] as const);
  const leaning = INDUSTRY_DEPARTMENT[industry];
  if (leaning && r.chance(0.35)) return leaning;
  return pickDepartment(r);
}

type EmailPattern = (first: string, last: string) => string;
const EMAIL_PATTERNS: readonly EmailPattern[] = [
  (f, l) => `${f}.${l}`,
  (f, l) => `${f[0] ?? ''}${l}`,
  (f) => f,
  (f, l) => `${f}${l[0] ?? ''}`,
  (f, l) => `${f}_${l}`,
];

export type GeneratedCompany = { company: ProspectCompanyRow; people: ProspectPersonRow[] };

/** Companies with their people until `people` people exist (the last company is cut short). */
export function* generateProspects(opts: { people: number; seed?: string }): Generator<GeneratedCompany> {
  const r = seededRandom(`prospects:${opts.seed ?? DEFAULT_SEED}`);
  const domains = new Set<string>();
  let left = opts.people;
  while (left > 0) {
    const size = pickSize(r);
    const employeeCount = between(r, size.min, size.max);
    const revenue = Math.round(employeeCount * between(r, 40_000, 400_000) / 1000) * 1000;
    const industry = pickIndustry(r);
    const home = placeIn(r, pickCountry(r));
    const stem = r.pick(COMPANY_STEMS);
    const tail = r.pick(COMPANY_TAILS);
    const kind = r.pick(COMPANY_KINDS);
    const name = `${stem}${tail} ${kind}`;
    const base = `${stem}${tail}-${kind}`.toLowerCase();
    let domain = `${base}.example`;
    for (let n = 2; domains.has(domain); n++) domain = `${base}-${n}.example`;
    domains.add(domain);
    const company: ProspectCompanyRow = {
      id: r.uuid(),
      name,
      domain,
      industry,
      employeeCount,
      employeeRange: size.range,
      revenue,
      revenueRange: revenueRangeOf(revenue),
      city: home.city,
      region: home.region,
      country: home.country.name,
    };
    const count = Math.min(left, between(r, size.people[0], size.people[1]));
    left -= count;
    const pattern = r.pick(EMAIL_PATTERNS);
    const locals = new Set<string>();
    const people: ProspectPersonRow[] = [];
    const small = employeeCount <= 50;
    for (let i = 0; i < count; i++) {
      const firstName = r.pick(FIRST_NAMES);
      const lastName = r.pick(LAST_NAMES);
      const seniority = small ? pickSenioritySmall(r) : pickSeniority(r);
      const department = departmentFor(r, seniority, industry);
      const place = r.chance(0.85) ? home : placeIn(r, home.country);
      let email: string | null = null;
      if (r.chance(0.7)) {
        const local = pattern(ascii(firstName), ascii(lastName));
        let candidate = local;
        for (let n = 2; locals.has(candidate); n++) candidate = `${local}${n}`;
        locals.add(candidate);
        email = `${candidate}@${domain}`;
      }
      people.push({
        id: r.uuid(),
        firstName,
        lastName,
        title: titleFor(r, seniority, department),
        seniority,
        department,
        email,
        emailStatus: email ? pickEmailStatus(r) : null,
        phone: r.chance(0.4) ? phoneFor(r, place.country) : null,
        linkedinUrl: r.chance(0.88) ? `https://www.linkedin.com/in/${ascii(firstName)}-${ascii(lastName)}-${r.hex(8)}` : null,
        city: place.city,
        region: place.region,
        country: place.country.name,
        companyId: company.id,
        companyName: company.name,
        companyDomain: company.domain,
        industry: company.industry,
        employeeRange: company.employeeRange,
        revenueRange: company.revenueRange,
      });
    }
    yield { company, people };
  }
}
