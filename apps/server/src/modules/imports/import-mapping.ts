import { createHash } from 'node:crypto';
import {
  importTargetLabels,
  keyFromLabel,
  multiColumnTargets,
  standardImportTargets,
  type Entity,
  type ImportMappingItem,
} from '@leadtrail/contracts';

/**
 * Mapping suggestions for an uploaded file's columns: from the header (synonyms, case,
 * punctuation, and the headers the exports of HubSpot, Salesforce, Apollo, Lusha, LinkedIn,
 * Google Contacts and Outlook actually write) and from the values (a column of emails is an
 * email column whatever its header says).
 */

/** "E-mail 1 - Value" -> "email1value", "FirstName" -> "firstname", "# Employees" -> "numemployees". */
export function compactHeader(header: string): string {
  return header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/#/g, 'num')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '');
}

type Synonyms = Record<string, [string, number][]>;

/** target -> [compact header, score]; 100 is certain, lower scores lose to a better column. */
const CONTACT_SYNONYMS: Synonyms = {
  firstName: [
    ['firstname', 100],
    ['givenname', 95],
    ['first', 80],
    ['fname', 90],
    ['forename', 90],
    ['prenom', 90],
    ['vorname', 90],
    ['nombre', 70],
    ['contactfirstname', 100],
    ['personfirstname', 100],
    ['leadfirstname', 100],
  ],
  lastName: [
    ['lastname', 100],
    ['surname', 95],
    ['familyname', 95],
    ['lname', 90],
    ['last', 80],
    ['nom', 70],
    ['nachname', 90],
    ['apellido', 90],
    ['apellidos', 90],
    ['contactlastname', 100],
    ['personlastname', 100],
    ['leadlastname', 100],
  ],
  fullName: [
    ['fullname', 100],
    ['name', 90],
    ['contactname', 95],
    ['personname', 95],
    ['displayname', 85],
    ['leadname', 90],
    ['contact', 60],
    ['fileas', 30],
  ],
  email: [
    ['email', 100],
    ['emailaddress', 100],
    ['mail', 80],
    ['emailid', 90],
    ['email1', 95],
    ['email1value', 95],
    ['emailaddress1', 95],
    ['workemail', 98],
    ['businessemail', 97],
    ['primaryemail', 99],
    ['contactemail', 99],
    ['personemail', 99],
    ['email1address', 95],
    ['directemail', 96],
    ['corporateemail', 96],
    ['emails', 85],
    ['email2', 40],
    ['email2value', 40],
    ['email2address', 40],
    ['email3address', 30],
    ['additionalemail', 35],
    ['personalemail', 45],
    ['privateemail', 45],
    ['otheremail', 35],
  ],
  emailStatus: [
    ['emailstatus', 100],
    ['emailverification', 90],
    ['emailverificationstatus', 95],
    ['emailconfidence', 70],
  ],
  workPhone: [
    ['workphone', 100],
    ['businessphone', 98],
    ['officephone', 95],
    ['phone', 85],
    ['phonenumber', 85],
    ['telephone', 85],
    ['tel', 80],
    ['directphone', 96],
    ['workdirectphone', 99],
    ['directdial', 95],
    ['phone1', 80],
    ['phone1value', 80],
    ['firstphone', 80],
    ['primaryphone', 88],
    ['businessphone2', 40],
    ['corporatephone', 55],
    ['companyphone', 30],
    ['companymaintelephone', 25],
    ['directphonenumber', 96],
  ],
  mobilePhone: [
    ['mobilephone', 100],
    ['mobile', 98],
    ['cell', 95],
    ['cellphone', 98],
    ['mobilephonenumber', 100],
    ['mobilenumber', 100],
    ['cellular', 90],
    ['cellphonenumber', 98],
    ['personalmobile', 90],
  ],
  otherPhone: [
    ['otherphone', 100],
    ['homephone', 90],
    ['phone2', 70],
    ['phone2value', 70],
    ['personalphone', 85],
    ['alternatephone', 90],
    ['alternativephone', 90],
    ['homephone2', 40],
    ['phone3', 40],
    ['phone3value', 40],
  ],
  jobTitle: [
    ['jobtitle', 100],
    ['title', 75],
    ['position', 90],
    ['role', 70],
    ['designation', 85],
    ['organizationtitle', 95],
    ['organization1title', 95],
    ['jobrole', 90],
    ['occupation', 80],
    ['headline', 50],
    ['jobposition', 95],
    ['contacttitle', 95],
    ['persontitle', 95],
  ],
  seniority: [
    ['seniority', 100],
    ['senioritylevel', 100],
    ['managementlevel', 90],
    ['level', 50],
    ['joblevel', 90],
  ],
  department: [
    ['department', 100],
    ['departments', 95],
    ['dept', 90],
    ['organizationdepartment', 95],
    ['organization1department', 95],
    ['jobfunction', 80],
    ['function', 60],
    ['subdepartments', 40],
  ],
  companyName: [
    ['company', 95],
    ['companyname', 100],
    ['account', 75],
    ['accountname', 95],
    ['organization', 90],
    ['organizationname', 95],
    ['organisation', 90],
    ['employer', 90],
    ['organization1name', 95],
    ['companynameforemails', 60],
    ['business', 60],
    ['businessname', 85],
    ['associatedcompany', 85],
    ['firm', 75],
    ['currentcompany', 90],
  ],
  companyDomain: [
    ['companydomain', 100],
    ['companydomainname', 100],
    ['domain', 90],
    ['websitedomain', 90],
    ['emaildomain', 40],
    ['companydomains', 80],
  ],
  website: [
    ['website', 95],
    ['websiteurl', 95],
    ['companywebsite', 100],
    ['web', 70],
    ['webpage', 70],
    ['homepage', 75],
    ['website1value', 85],
    ['companyurl', 90],
    ['url', 50],
    ['personalwebpage', 30],
  ],
  linkedinUrl: [
    ['linkedin', 95],
    ['linkedinurl', 100],
    ['linkedinprofile', 100],
    ['personlinkedinurl', 100],
    ['contactlinkedinurl', 100],
    ['linkedinprofileurl', 100],
    ['profileurl', 80],
    ['liurl', 80],
    ['linkedinlink', 95],
  ],
  city: [
    ['city', 100],
    ['town', 85],
    ['mailingcity', 98],
    ['businesscity', 97],
    ['contactcity', 100],
    ['personcity', 100],
    ['address1city', 95],
    ['homecity', 60],
    ['othercity', 40],
    ['locality', 80],
  ],
  region: [
    ['state', 95],
    ['region', 95],
    ['province', 90],
    ['stateregion', 100],
    ['stateprovince', 100],
    ['mailingstate', 98],
    ['mailingstateprovince', 98],
    ['businessstate', 97],
    ['contactstate', 100],
    ['address1region', 95],
    ['homestate', 60],
    ['otherstate', 40],
    ['statecode', 85],
    ['county', 50],
  ],
  country: [
    ['country', 100],
    ['countryregion', 100],
    ['countryname', 98],
    ['mailingcountry', 98],
    ['businesscountryregion', 97],
    ['businesscountry', 97],
    ['contactcountry', 100],
    ['personcountry', 100],
    ['address1country', 95],
    ['homecountryregion', 60],
    ['homecountry', 60],
    ['nation', 80],
    ['countrycode', 85],
  ],
  notes: [
    ['notes', 100],
    ['note', 100],
    ['comments', 90],
    ['comment', 90],
    ['remarks', 85],
  ],
  owner: [
    ['contactowner', 100],
    ['owner', 95],
    ['ownername', 95],
    ['owneremail', 95],
    ['recordowner', 95],
    ['leadowner', 95],
    ['hubspotowner', 95],
    ['salesowner', 90],
    ['salesrep', 80],
    ['assignedto', 85],
    ['assignee', 80],
    ['contactowneremail', 100],
  ],
  // the contact's company: these fill its empty fields
  companyIndustry: [
    ['industry', 90],
    ['companyindustry', 100],
    ['industries', 85],
  ],
  companyEmployees: [
    ['numemployees', 95],
    ['employees', 90],
    ['numberofemployees', 95],
    ['employeecount', 95],
    ['companyemployees', 100],
    ['companysize', 90],
    ['companyheadcount', 95],
    ['headcount', 85],
    ['estimatednumemployees', 90],
    ['employeerange', 90],
  ],
  companyPhone: [
    ['companyphone', 100],
    ['companyphonenumber', 100],
    ['corporatephone', 90],
    ['companymaintelephone', 95],
    ['mainphone', 60],
  ],
  companyLinkedinUrl: [
    ['companylinkedinurl', 100],
    ['companylinkedin', 100],
    ['companylinkedinpage', 95],
    ['linkedincompanypage', 95],
    ['linkedincompanyurl', 95],
  ],
};

const COMPANY_SYNONYMS: Synonyms = {
  name: [
    ['name', 95],
    ['companyname', 100],
    ['company', 98],
    ['accountname', 100],
    ['account', 80],
    ['organization', 90],
    ['organizationname', 95],
    ['organisation', 90],
    ['business', 70],
    ['businessname', 90],
    ['legalname', 85],
  ],
  domain: [
    ['domain', 100],
    ['companydomain', 100],
    ['companydomainname', 100],
    ['websitedomain', 95],
    ['emaildomain', 40],
    ['primarydomain', 95],
  ],
  website: [
    ['website', 100],
    ['websiteurl', 100],
    ['url', 80],
    ['companywebsite', 100],
    ['web', 75],
    ['homepage', 80],
    ['companyurl', 95],
    ['webpage', 75],
  ],
  industry: [
    ['industry', 100],
    ['companyindustry', 100],
    ['sector', 85],
    ['vertical', 80],
    ['industries', 90],
  ],
  employeeRange: [
    ['employees', 95],
    ['numberofemployees', 100],
    ['numemployees', 100],
    ['employeecount', 100],
    ['companysize', 95],
    ['size', 70],
    ['headcount', 95],
    ['staff', 70],
    ['employeerange', 100],
    ['estimatednumemployees', 95],
    ['employeesrange', 100],
    ['noofemployees', 100],
  ],
  revenueRange: [
    ['annualrevenue', 100],
    ['revenue', 95],
    ['companyrevenue', 100],
    ['revenuerange', 100],
    ['annualrevenuerange', 100],
  ],
  phone: [
    ['phone', 100],
    ['phonenumber', 100],
    ['companyphone', 100],
    ['mainphone', 95],
    ['telephone', 95],
    ['tel', 85],
    ['companymaintelephone', 95],
    ['corporatephone', 95],
  ],
  linkedinUrl: [
    ['linkedin', 95],
    ['linkedinurl', 100],
    ['companylinkedinurl', 100],
    ['linkedincompanypage', 100],
    ['linkedincompanyurl', 100],
    ['linkedinpage', 95],
  ],
  city: [
    ['city', 100],
    ['companycity', 100],
    ['billingcity', 95],
    ['hqcity', 95],
    ['headquarterscity', 95],
  ],
  region: [
    ['state', 95],
    ['region', 95],
    ['companystate', 100],
    ['billingstate', 95],
    ['billingstateprovince', 95],
    ['stateregion', 100],
    ['province', 90],
    ['stateprovince', 100],
    ['hqstate', 95],
  ],
  country: [
    ['country', 100],
    ['companycountry', 100],
    ['billingcountry', 95],
    ['countryregion', 100],
    ['hqcountry', 95],
    ['headquarterscountry', 95],
  ],
  description: [
    ['description', 100],
    ['about', 85],
    ['shortdescription', 95],
    ['seodescription', 70],
    ['companydescription', 100],
    ['summary', 80],
    ['overview', 80],
  ],
  owner: [
    ['owner', 95],
    ['companyowner', 100],
    ['accountowner', 100],
    ['recordowner', 95],
    ['ownername', 95],
    ['owneremail', 95],
    ['hubspotowner', 95],
    ['assignedto', 85],
  ],
  foundedYear: [
    ['foundedyear', 100],
    ['yearfounded', 100],
    ['founded', 95],
    ['foundingyear', 100],
    ['established', 85],
  ],
  notes: [
    ['notes', 100],
    ['note', 100],
    ['comments', 90],
    ['comment', 90],
  ],
};

const INDEX: Record<Entity, Map<string, [string, number][]>> = { contacts: new Map(), companies: new Map() };
for (const [entity, table] of [
  ['contacts', CONTACT_SYNONYMS],
  ['companies', COMPANY_SYNONYMS],
] as const) {
  for (const [target, entries] of Object.entries(table)) {
    for (const [header, score] of entries) {
      const list = INDEX[entity].get(header) ?? [];
      list.push([target, score]);
      INDEX[entity].set(header, list);
    }
  }
}

const EMAIL_RE = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[a-z]{2,}$/i;
const LINKEDIN_PERSON_RE = /linkedin\.com\/(in|pub)\//i;
const LINKEDIN_COMPANY_RE = /linkedin\.com\/(company|school|showcase)\//i;
const URL_RE = /^(https?:\/\/)?(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/\S*)?$/i;
const BARE_DOMAIN_RE = /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const PHONE_RE = /^\+?[\d\s().\-/]{7,22}(\s*(x|ext\.?)\s*\d{1,6})?$/i;

/** The share of samples matching a test (0 when there are none). */
function share(samples: string[], test: (v: string) => boolean): number {
  const values = samples.map((s) => s.trim()).filter(Boolean);
  if (values.length === 0) return 0;
  return values.filter(test).length / values.length;
}

type Candidate = { index: number; target: string; score: number };

/** What a column's values say it is, with how sure that is. */
function valueCandidates(entity: Entity, index: number, samples: string[]): Candidate[] {
  const out: Candidate[] = [];
  const digits = (v: string) => v.replace(/\D/g, '').length;
  // a company has no email field: a column of emails is left out of a company import
  if (share(samples, (v) => EMAIL_RE.test(v)) >= 0.8) out.push({ index, target: entity === 'contacts' ? 'email' : 'ignore', score: 99 });
  if (share(samples, (v) => LINKEDIN_PERSON_RE.test(v)) >= 0.8) {
    out.push({ index, target: entity === 'contacts' ? 'linkedinUrl' : 'ignore', score: 99 });
  } else if (share(samples, (v) => LINKEDIN_COMPANY_RE.test(v)) >= 0.8) {
    out.push({ index, target: entity === 'companies' ? 'linkedinUrl' : 'companyLinkedinUrl', score: entity === 'companies' ? 99 : 60 });
  } else if (share(samples, (v) => URL_RE.test(v) && !EMAIL_RE.test(v)) >= 0.8) {
    const bare = share(samples, (v) => BARE_DOMAIN_RE.test(v)) >= 0.8;
    if (entity === 'contacts') out.push({ index, target: bare ? 'companyDomain' : 'website', score: 45 });
    else out.push({ index, target: bare ? 'domain' : 'website', score: 45 });
  }
  if (share(samples, (v) => PHONE_RE.test(v) && digits(v) >= 7 && digits(v) <= 15) >= 0.8) {
    out.push({ index, target: entity === 'contacts' ? 'workPhone' : 'phone', score: 40 });
  }
  return out;
}

export type CustomFieldRef = { key: string; label: string };

/** Candidates from the header: the synonym table, then the workspace's custom fields. */
function headerCandidates(entity: Entity, index: number, header: string, customFields: CustomFieldRef[]): Candidate[] {
  const compact = compactHeader(header);
  if (!compact) return [];
  const out: Candidate[] = (INDEX[entity].get(compact) ?? []).map(([target, score]) => ({ index, target, score }));
  // "Email 3" or "Phone 4": a numbered column we did not list
  if (out.length === 0) {
    const base = compact.replace(/\d+(value|address)?$/, '');
    if (base !== compact) {
      for (const [target, score] of INDEX[entity].get(base) ?? [])
        out.push({ index, target, score: Math.min(score, 30) });
    }
  }
  for (const f of customFields) {
    if (compactHeader(f.label) === compact || f.key.replace(/_/g, '') === compact) {
      out.push({ index, target: `custom:${f.key}`, score: 101 });
    }
  }
  return out;
}

export type ColumnInput = { index: number; header: string; samples: string[] };

/**
 * The suggested target of each column. Each single-value target goes to the column that fits
 * it best (a file with "Email" and "E-mail 2 Address" maps the first); a column whose values
 * are all emails is the email column even under another header; when both a first-name and a
 * last-name column exist, a full-name column is left alone.
 */
export function suggestMapping(
  entity: Entity,
  columns: ColumnInput[],
  customFields: CustomFieldRef[] = [],
): Map<number, string> {
  const candidates: Candidate[] = [];
  const compacts = new Set(columns.map((c) => compactHeader(c.header)));
  for (const col of columns) {
    const fromHeader = headerCandidates(entity, col.index, col.header, customFields);
    const fromValues = valueCandidates(entity, col.index, col.samples);
    // values overrule the header only when they are unmistakable (emails, LinkedIn profiles)
    const strongValue = fromValues.find((c) => c.score >= 99);
    if (strongValue && !fromHeader.some((h) => h.target === strongValue.target)) {
      candidates.push(strongValue);
      continue;
    }
    candidates.push(...fromHeader);
    if (fromHeader.length === 0) candidates.push(...fromValues);
  }
  // Outlook's "Title" is Mr./Ms. when a "Job Title" column exists
  if (entity === 'contacts' && compacts.has('jobtitle')) {
    for (const c of candidates)
      if (c.target === 'jobTitle' && compactHeader(columns.find((x) => x.index === c.index)!.header) === 'title')
        c.score = 0;
  }
  const assigned = new Map<number, string>();
  const taken = new Set<string>();
  const sorted = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score || a.index - b.index);
  for (const c of sorted) {
    if (assigned.has(c.index)) continue;
    if (taken.has(c.target) && !multiColumnTargets.includes(c.target)) continue;
    assigned.set(c.index, c.target);
    taken.add(c.target);
  }
  if (taken.has('firstName') && taken.has('lastName')) {
    for (const [i, t] of assigned) if (t === 'fullName') assigned.set(i, 'ignore');
  }
  // only a field of this entity is ever suggested (a suggestion the select can't show is a dead end)
  const valid = validTargets(entity, customFields);
  const result = new Map<number, string>();
  for (const col of columns) {
    const target = assigned.get(col.index) ?? 'ignore';
    result.set(col.index, valid.has(target) ? target : 'ignore');
  }
  return result;
}

/** The standard targets of an entity plus its custom fields: what a mapping may name. */
export function validTargets(entity: Entity, customFields: CustomFieldRef[]): Set<string> {
  return new Set<string>(['ignore', ...standardImportTargets(entity), ...customFields.map((f) => `custom:${f.key}`)]);
}

/**
 * Problems with a mapping, by column index: unknown targets, and a single-value target named
 * by two columns. Empty when it can be used.
 */
export function mappingProblems(
  entity: Entity,
  mapping: ImportMappingItem[],
  columnCount: number,
  customFields: CustomFieldRef[],
): { path: string; message: string }[] {
  const targets = validTargets(entity, customFields);
  const problems: { path: string; message: string }[] = [];
  const seen = new Map<string, number>();
  const newKeys = new Map<string, number>();
  mapping.forEach((m, i) => {
    const path = `mapping.${i}.target`;
    if (m.index >= columnCount) {
      problems.push({ path: `mapping.${i}.index`, message: `The file has no column ${m.index + 1}` });
      return;
    }
    if (m.target.startsWith('new-custom:')) {
      const label = m.target.slice('new-custom:'.length).trim();
      if (!label || label.length > 80) {
        problems.push({ path, message: 'Give the new custom field a label of 1 to 80 characters' });
        return;
      }
      const key = keyFromLabel(label);
      if (targets.has(`custom:${key}`)) {
        problems.push({ path, message: `A custom field "${label}" already exists: map the column to it` });
        return;
      }
      if (newKeys.has(key)) {
        problems.push({ path, message: `Column ${newKeys.get(key)! + 1} already creates a custom field "${label}"` });
        return;
      }
      newKeys.set(key, m.index);
      return;
    }
    if (!targets.has(m.target)) {
      const label = (importTargetLabels as Record<string, string>)[m.target];
      problems.push({
        path,
        message: m.target.startsWith('custom:')
          ? `The custom field "${m.target.slice(7)}" does not exist (or is archived): choose another field or Don't import`
          : `${entity === 'contacts' ? 'A contact' : 'A company'} has no field "${label ?? m.target}": choose another field or Don't import`,
      });
      return;
    }
    if (multiColumnTargets.includes(m.target)) return;
    const other = seen.get(m.target);
    if (other !== undefined) {
      problems.push({ path, message: `Column ${other + 1} is already mapped to this field: a field takes one column` });
      return;
    }
    seen.set(m.target, m.index);
  });
  const indexes = new Set<number>();
  mapping.forEach((m, i) => {
    if (indexes.has(m.index))
      problems.push({ path: `mapping.${i}.index`, message: `Column ${m.index + 1} is mapped twice` });
    indexes.add(m.index);
  });
  return problems;
}

/** Identifies a header set (order and case insensitive) to remember the user's mapping for it. */
export function headerSignature(entity: Entity, headers: string[]): string {
  const norm = headers.map(compactHeader);
  return createHash('sha256')
    .update(`${entity}\n${norm.join('\n')}`)
    .digest('hex');
}
