import { rolePermissions, type EmployeeRange, type RevenueRange, type Seniority } from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { CompaniesService } from '../records/companies/companies.service.js';
import type { ContactsService } from '../records/contacts/contacts.service.js';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service.js';
import type { NotesService } from '../notes/notes.service.js';

export type DemoContactsDeps = {
  customFields: CustomFieldsService;
  companies: CompaniesService;
  contacts: ContactsService;
  notes: NotesService;
};

/** A small deterministic generator: the demo looks the same on every machine. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick, chance: (p: number) => next() < p, int: (a: number, b: number) => a + Math.floor(next() * (b - a + 1)) };
}

type DemoCompany = { name: string; industry: string; city: string; region: string; country: string };

// fictional companies; every domain is under .example (RFC 2606), so no real inbox is ever used
const COMPANIES: DemoCompany[] = [
  { name: 'Northwind Logistics', industry: 'Logistics', city: 'Seattle', region: 'WA', country: 'United States' },
  { name: 'Bluepeak Analytics', industry: 'Software', city: 'Denver', region: 'CO', country: 'United States' },
  { name: 'Cobalt Health', industry: 'Healthcare', city: 'Boston', region: 'MA', country: 'United States' },
  { name: 'Fernwood Foods', industry: 'Food & Beverage', city: 'Portland', region: 'OR', country: 'United States' },
  { name: 'Granite Capital', industry: 'Financial Services', city: 'New York', region: 'NY', country: 'United States' },
  { name: 'Helix Biotech', industry: 'Biotechnology', city: 'San Diego', region: 'CA', country: 'United States' },
  { name: 'Ironclad Security', industry: 'Cybersecurity', city: 'Austin', region: 'TX', country: 'United States' },
  { name: 'Juniper Retail', industry: 'Retail', city: 'Chicago', region: 'IL', country: 'United States' },
  { name: 'Keystone Manufacturing', industry: 'Manufacturing', city: 'Pittsburgh', region: 'PA', country: 'United States' },
  { name: 'Lumen Energy', industry: 'Energy', city: 'Houston', region: 'TX', country: 'United States' },
  { name: 'Maple Grove Insurance', industry: 'Insurance', city: 'Toronto', region: 'ON', country: 'Canada' },
  { name: 'Nimbus Cloudworks', industry: 'Software', city: 'Vancouver', region: 'BC', country: 'Canada' },
  { name: 'Orchard Education', industry: 'Education', city: 'Montreal', region: 'QC', country: 'Canada' },
  { name: 'Pinecrest Media', industry: 'Media', city: 'London', region: 'England', country: 'United Kingdom' },
  { name: 'Quayside Shipping', industry: 'Logistics', city: 'Bristol', region: 'England', country: 'United Kingdom' },
  { name: 'Redwood Legal', industry: 'Legal Services', city: 'Manchester', region: 'England', country: 'United Kingdom' },
  { name: 'Saltmarsh Hotels', industry: 'Hospitality', city: 'Edinburgh', region: 'Scotland', country: 'United Kingdom' },
  { name: 'Tidewater Telecom', industry: 'Telecommunications', city: 'Dublin', region: 'Leinster', country: 'Ireland' },
  { name: 'Umbra Robotics', industry: 'Robotics', city: 'Munich', region: 'Bavaria', country: 'Germany' },
  { name: 'Vireo Automotive', industry: 'Automotive', city: 'Stuttgart', region: 'Baden-Württemberg', country: 'Germany' },
  { name: 'Wolkenbau Software', industry: 'Software', city: 'Berlin', region: 'Berlin', country: 'Germany' },
  { name: 'Xylo Pharma', industry: 'Pharmaceuticals', city: 'Basel', region: 'Basel-Stadt', country: 'Switzerland' },
  { name: 'Yonder Travel', industry: 'Travel', city: 'Amsterdam', region: 'North Holland', country: 'Netherlands' },
  { name: 'Zephyr Wind Systems', industry: 'Renewable Energy', city: 'Aarhus', region: 'Central Jutland', country: 'Denmark' },
  { name: 'Atelier Lumière', industry: 'Design', city: 'Paris', region: 'Île-de-France', country: 'France' },
  { name: 'Brasserie du Port', industry: 'Food & Beverage', city: 'Marseille', region: "Provence-Alpes-Côte d'Azur", country: 'France' },
  { name: 'Cordillera Mining', industry: 'Mining', city: 'Santiago', region: 'Santiago Metropolitan', country: 'Chile' },
  { name: 'Delta Agritech', industry: 'Agriculture', city: 'São Paulo', region: 'SP', country: 'Brazil' },
  { name: 'Estrella Fintech', industry: 'Financial Services', city: 'Madrid', region: 'Madrid', country: 'Spain' },
  { name: 'Fiordo Textiles', industry: 'Textiles', city: 'Milan', region: 'Lombardy', country: 'Italy' },
  { name: 'Gullwing Aerospace', industry: 'Aerospace', city: 'Toulouse', region: 'Occitanie', country: 'France' },
  { name: 'Harbourline Ports', industry: 'Logistics', city: 'Rotterdam', region: 'South Holland', country: 'Netherlands' },
  { name: 'Indigo Fashion', industry: 'Retail', city: 'Stockholm', region: 'Stockholm', country: 'Sweden' },
  { name: 'Jade Harbor Trading', industry: 'Wholesale', city: 'Singapore', region: 'Singapore', country: 'Singapore' },
  { name: 'Kestrel Drones', industry: 'Robotics', city: 'Sydney', region: 'NSW', country: 'Australia' },
  { name: 'Lotus Wellness', industry: 'Healthcare', city: 'Melbourne', region: 'VIC', country: 'Australia' },
  { name: 'Mosaic Marketing', industry: 'Marketing', city: 'Auckland', region: 'Auckland', country: 'New Zealand' },
  { name: 'Nordlys Data', industry: 'Software', city: 'Oslo', region: 'Oslo', country: 'Norway' },
  { name: 'Oakline Construction', industry: 'Construction', city: 'Calgary', region: 'AB', country: 'Canada' },
  { name: 'Prism Semiconductors', industry: 'Semiconductors', city: 'Hsinchu', region: 'Hsinchu', country: 'Taiwan' },
];

const FIRST = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Lucas', 'Sofia', 'Mateo', 'Mia', 'Elijah', 'Amelia', 'James', 'Chloé',
  'Hugo', 'Lena', 'Jonas', 'Freya', 'Oscar', 'Isla', 'Arjun', 'Priya', 'Wei', 'Mei', 'Kenji', 'Yuki', 'Diego',
  'Lucía', 'Marco', 'Giulia', 'Sven', 'Astrid', 'Aisha', 'Omar', 'Fatima', 'Daniel', 'Grace', 'Samuel', 'Nora',
  'Ethan', 'Zoe',
];
const LAST = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson',
  'Taylor', 'Thomas', 'Moore', 'Martin', 'Lee', 'Walker', 'Hall', 'Müller', 'Schmidt', 'Dubois', 'Lefèvre', 'Rossi',
  'Bianchi', 'Hansen', 'Larsen', 'Novak', 'Kowalski', 'Tanaka', 'Sato', 'Chen', 'Wang', 'Patel', 'Singh', 'Okafor',
  'Mensah', 'Silva', 'Santos', "O'Brien", 'Murphy',
];
const ROLES: { title: string; seniority: Seniority; department: string }[] = [
  { title: 'Chief Executive Officer', seniority: 'c_suite', department: 'Executive' },
  { title: 'Chief Technology Officer', seniority: 'c_suite', department: 'Engineering' },
  { title: 'VP of Sales', seniority: 'vp', department: 'Sales' },
  { title: 'VP of Marketing', seniority: 'vp', department: 'Marketing' },
  { title: 'Head of Operations', seniority: 'head', department: 'Operations' },
  { title: 'Director of Procurement', seniority: 'director', department: 'Procurement' },
  { title: 'Director of Engineering', seniority: 'director', department: 'Engineering' },
  { title: 'IT Manager', seniority: 'manager', department: 'IT' },
  { title: 'Sales Manager', seniority: 'manager', department: 'Sales' },
  { title: 'Marketing Manager', seniority: 'manager', department: 'Marketing' },
  { title: 'Senior Software Engineer', seniority: 'senior', department: 'Engineering' },
  { title: 'Senior Account Executive', seniority: 'senior', department: 'Sales' },
  { title: 'Operations Analyst', seniority: 'entry', department: 'Operations' },
  { title: 'Customer Success Manager', seniority: 'manager', department: 'Customer Success' },
  { title: 'Founder', seniority: 'founder', department: 'Executive' },
  { title: 'Finance Director', seniority: 'director', department: 'Finance' },
];
const EMPLOYEES: EmployeeRange[] = ['11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001-10000'];
const REVENUE: RevenueRange[] = ['1M-10M', '10M-50M', '50M-100M', '100M-500M', '500M-1B'];
const NOTES = [
  'Asked for a demo of the fleet dashboard next quarter.',
  'Met at the trade fair; interested in the pilot programme.',
  'Budget approved for Q3. Follow up after their board meeting.',
  'Prefers email over calls. Send the case study.',
  'Currently evaluating two competitors; price is the main concern.',
];

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** ~200 contacts over 40 companies, with a few custom fields, for the demo workspace. */
export async function seedDemoContacts(deps: DemoContactsDeps, account: { userId: string; workspaceId: string; memberId: string }) {
  const ctx: RequestContext = {
    userId: account.userId,
    workspaceId: account.workspaceId,
    memberId: account.memberId,
    role: 'owner',
    permissions: rolePermissions.owner,
    via: 'session',
    sessionId: null,
  };
  const r = rng(20260101);
  const field = (entity: 'contacts' | 'companies', label: string, type: Parameters<CustomFieldsService['create']>[1]['type'], options?: string[]) =>
    deps.customFields.create(ctx, { entity, label, type, ...(options ? { options: options.map((o) => ({ label: o })) } : {}) });
  await field('contacts', 'Lead score', 'number');
  await field('contacts', 'Lifecycle stage', 'single_select', ['Subscriber', 'Lead', 'MQL', 'SQL', 'Opportunity', 'Customer']);
  await field('contacts', 'Interests', 'multi_select', ['Automation', 'Vision', 'Logistics', 'Support']);
  await field('contacts', 'Last meeting', 'date');
  await field('contacts', 'Newsletter', 'checkbox');
  await field('companies', 'Account tier', 'single_select', ['Strategic', 'Growth', 'Long tail']);
  await field('companies', 'Renewal date', 'date');

  const day = (offsetDays: number) => new Date(Date.UTC(2026, 0, 15) + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const companies: { id: string; domain: string }[] = [];
  for (const co of COMPANIES) {
    const domain = `${slug(co.name)}.example`;
    const created = await deps.companies.create(ctx, {
      name: co.name,
      domain,
      website: `https://www.${domain}`,
      industry: co.industry,
      employeeRange: r.pick(EMPLOYEES),
      revenueRange: r.pick(REVENUE),
      phone: `+1 206 555 01${String(r.int(0, 99)).padStart(2, '0')}`,
      linkedinUrl: `https://www.linkedin.com/company/${slug(co.name)}-example`,
      city: co.city,
      region: co.region,
      country: co.country,
      description: `${co.name} is a ${co.industry.toLowerCase()} company based in ${co.city}.`,
      foundedYear: r.int(1965, 2021),
      customFields: { account_tier: r.pick(['Strategic', 'Growth', 'Growth', 'Long tail', 'Long tail']), ...(r.chance(0.6) ? { renewal_date: day(r.int(10, 300)) } : {}) },
    });
    companies.push({ id: created.id, domain });
  }

  const used = new Set<string>();
  let made = 0;
  while (made < 200) {
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const co = companies[made % companies.length]!;
    const local = `${slug(first)}.${slug(last)}`;
    if (used.has(`${local}@${co.domain}`)) continue;
    used.add(`${local}@${co.domain}`);
    const role = r.pick(ROLES);
    const src = COMPANIES[made % COMPANIES.length]!;
    const interests = ['Automation', 'Vision', 'Logistics', 'Support'].filter(() => r.chance(0.35));
    const contact = await deps.contacts.create(ctx, {
      firstName: first,
      lastName: last,
      // every fifth contact has no email on file yet
      email: made % 5 === 4 ? null : `${local}@${co.domain}`,
      emailStatus: r.pick(['valid', 'valid', 'valid', 'risky', 'unknown', 'invalid'] as const),
      workPhone: r.chance(0.7) ? `(206) 555-01${String(r.int(0, 99)).padStart(2, '0')}` : null,
      mobilePhone: r.chance(0.4) ? `+1 425 555 01${String(r.int(0, 99)).padStart(2, '0')}` : null,
      jobTitle: role.title,
      seniority: role.seniority,
      department: role.department,
      companyId: co.id,
      linkedinUrl: r.chance(0.6) ? `https://www.linkedin.com/in/${local.replace('.', '-')}-example` : null,
      city: src.city,
      region: src.region,
      country: src.country,
      customFields: {
        lead_score: r.int(5, 100),
        lifecycle_stage: r.pick(['Subscriber', 'Lead', 'Lead', 'MQL', 'SQL', 'Opportunity', 'Customer']),
        ...(interests.length ? { interests } : {}),
        ...(r.chance(0.5) ? { last_meeting: day(-r.int(1, 120)) } : {}),
        newsletter: r.chance(0.3),
      },
    });
    if (made % 9 === 0) await deps.notes.create(ctx, 'contacts', contact.id, r.pick(NOTES));
    made++;
  }
  return { companies: companies.length, contacts: made };
}
