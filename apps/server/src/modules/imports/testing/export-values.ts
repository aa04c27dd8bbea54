/**
 * Values in the styles other tools export them (test-only): people, companies, phones by
 * country, countries in seven languages, other tools' words for seniority and industry. Each
 * generator is a function of the row number, so a file is the same every time it is built.
 */

export type Gen = (row: number) => string;

const FIRST = ['Anna', 'Jürgen', 'Émilie', 'José', 'João', 'Giulia', 'Pieter', 'Sofia', 'Liam', 'Olivia', 'Noah', 'Chloé', 'Mateo', 'Lucía', 'Lars', 'Fatima', 'Yusuf', 'Mei', 'Kenji', 'Priya', 'Marco', 'Sven', 'Inès', 'Hugo', 'Clara', 'Diego', 'Eva', 'Tomás', 'Nora'];
const LAST = ['Müller', 'García Márquez', 'van der Berg', 'Dubois', 'Rossi', 'Silva', 'de Jong', 'Schmidt', 'Martínez', 'Bianchi', 'Johnson', "O'Brien", 'Nakamura', 'Kowalski', 'da Costa', 'Lefèvre', 'Jansen', 'Fischer', 'Romano', 'Pereira', 'Smith', 'Brown', 'Nguyen', 'Ali', 'Chen', 'Moreau', 'Weber'];
const COMPANIES = ['Acme Robotics', 'Globex', 'Initech', 'Umbrella Health', 'Stark Logistics', 'Wayne Foods', 'Hooli', 'Vandelay Imports', 'Soylent Systems', 'Tyrell Data', 'Cyberdyne', 'Wonka Labs', 'Oscorp', 'Aperture Science', 'Massive Dynamic', 'Nakatomi Trading', 'Gringotts Finance', 'Monarch Media', 'Dunder Supplies', 'Pied Piper'];
const TLDS = ['com', 'de', 'fr', 'es', 'com.br', 'it', 'nl', 'io', 'co.uk'];

const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

export const first: Gen = (i) => pick(FIRST, i);
export const last: Gen = (i) => pick(LAST, i * 7 + 3);
export const fullName: Gen = (i) => `${first(i)} ${last(i)}`;
export const lastCommaFirst: Gen = (i) => `${last(i)}, ${first(i)}`;
/** A company per row (numbered past the pool: a companies file names each once). */
export const company: Gen = (i) => `${pick(COMPANIES, i)}${i >= COMPANIES.length ? ` ${Math.floor(i / COMPANIES.length) + 1}` : ''}`;
export const domain: Gen = (i) => `${ascii(company(i))}.${pick(TLDS, i)}`;
export const website: Gen = (i) => `https://www.${domain(i)}`;
export const bareWebsite: Gen = (i) => `www.${domain(i)}`;
export const email: Gen = (i) => `${ascii(first(i))}.${ascii(last(i))}${i}@${domain(i)}`;
export const otherEmail: Gen = (i) => `${ascii(first(i))}${i}@gmail.com`;
/** The uploader's address on every row (who added the row). */
export const sameEmail: Gen = () => 'uploader@ourco.com';
export const linkedin: Gen = (i) => `https://www.linkedin.com/in/${ascii(first(i))}-${ascii(last(i))}-${i}`;
export const companyLinkedin: Gen = (i) => `https://www.linkedin.com/company/${ascii(company(i))}`;

const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const phone: Record<'us' | 'usLocal' | 'de' | 'deMobile' | 'fr' | 'es' | 'br' | 'it' | 'nl' | 'uk', Gen> = {
  us: (i) => `+1 415 555 ${pad(1000 + i, 4)}`,
  usLocal: (i) => `(212) 555-${pad(100 + i, 4)}`,
  de: (i) => `+49 30 ${1234560 + i}`,
  deMobile: (i) => `+49 171 ${2345600 + i}`,
  fr: (i) => `+33 1 42 68 ${pad(10 + (i % 80), 2)} ${pad(20 + (i % 70), 2)}`,
  es: (i) => `+34 91 123 ${pad(4500 + i, 4)}`,
  br: (i) => `+55 11 91234-${pad(1000 + i, 4)}`,
  it: (i) => `+39 02 1234 ${pad(5600 + i, 4)}`,
  nl: (i) => `+31 20 123 ${pad(4500 + i, 4)}`,
  uk: (i) => `+44 20 7946 ${pad(100 + i, 4)}`,
};

const COUNTRIES = {
  en: ['United States', 'Germany', 'France', 'Spain', 'United Kingdom', 'Canada', 'Brazil'],
  de: ['Deutschland', 'Österreich', 'Schweiz', 'Frankreich', 'Italien'],
  fr: ['France', 'Belgique', 'Suisse', 'Allemagne', 'Espagne'],
  es: ['España', 'México', 'Argentina', 'Francia', 'Alemania'],
  pt: ['Brasil', 'Portugal', 'Espanha', 'Alemanha'],
  it: ['Italia', 'Svizzera', 'Francia', 'Germania'],
  nl: ['Nederland', 'België', 'Duitsland', 'Frankrijk'],
  iso: ['US', 'DE', 'FR', 'GB', 'NL', 'ES'],
} as const;
export const country = (lang: keyof typeof COUNTRIES): Gen => (i) => pick(COUNTRIES[lang], i);

const CITIES = {
  en: ['San Francisco', 'New York', 'Austin', 'Seattle', 'Boston', 'Chicago'],
  de: ['Berlin', 'München', 'Hamburg', 'Köln', 'Frankfurt am Main'],
  fr: ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Bordeaux'],
  es: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla'],
  pt: ['São Paulo', 'Rio de Janeiro', 'Lisboa', 'Porto'],
  it: ['Milano', 'Roma', 'Torino', 'Napoli'],
  nl: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Den Haag'],
} as const;
export const city = (lang: keyof typeof CITIES): Gen => (i) => pick(CITIES[lang], i);
const REGIONS = {
  en: ['CA', 'NY', 'TX', 'WA', 'MA', 'IL'],
  de: ['Berlin', 'Bayern', 'Hamburg', 'Nordrhein-Westfalen', 'Hessen'],
  fr: ['Île-de-France', 'Auvergne-Rhône-Alpes', 'Occitanie'],
  es: ['Madrid', 'Cataluña', 'Valencia', 'Andalucía'],
  pt: ['SP', 'RJ', 'MG'],
  it: ['Lombardia', 'Lazio', 'Piemonte', 'Campania'],
  nl: ['Noord-Holland', 'Zuid-Holland', 'Utrecht'],
} as const;
export const region = (lang: keyof typeof REGIONS): Gen => (i) => pick(REGIONS[lang], i);

const TITLES = {
  en: ['Head of Sales', 'VP Marketing', 'Software Engineer', 'Chief Financial Officer', 'Account Executive', 'Operations Manager'],
  de: ['Vertriebsleiter', 'Geschäftsführer', 'Softwareentwicklerin', 'Leiterin Marketing'],
  fr: ['Directrice commerciale', 'Ingénieur logiciel', 'Responsable marketing'],
  es: ['Director de ventas', 'Ingeniera de software', 'Jefe de marketing'],
  pt: ['Gerente de vendas', 'Engenheira de software', 'Diretor financeiro'],
  it: ['Responsabile vendite', 'Ingegnere software', 'Direttore marketing'],
  nl: ['Verkoopleider', 'Software-ontwikkelaar', 'Marketingmanager'],
} as const;
export const title = (lang: keyof typeof TITLES): Gen => (i) => pick(TITLES[lang], i);

export const words = (...list: string[]): Gen => (i) => pick(list, i);
export const zoomInfoSeniority = words('C-Level', 'VP-Level', 'Director', 'Manager', 'Non-Manager');
export const apolloSeniority = words('c_suite', 'vp', 'director', 'manager', 'senior', 'entry');
export const department = words('Sales', 'Marketing', 'Engineering', 'Finance', 'Human Resources');
export const hubspotIndustry = words('COMPUTER_SOFTWARE', 'FINANCIAL_SERVICES', 'RETAIL', 'HOSPITAL_HEALTH_CARE');
export const industry = words('Software', 'Retail', 'Banking', 'Logistics', 'Food & Beverages');
export const employeeRange = words('1-10', '11-50', '51-200', '201-500', '5,000 - 9,999', '20 - 49');
export const employeeCount = (i: number) => String(12 + i * 37);
export const revenue = (i: number) => String(1_000_000 + i * 250_000);
export const emailStatus = words('Verified', 'Unavailable', 'Guessed', 'Verified');
export const ownerName = words('Sam Owner', 'Kim Rep', 'Alex Seller');
export const ownerEmail = words('sam@ourco.com', 'kim@ourco.com', 'alex@ourco.com');
export const isoDate = (i: number) => `2024-${pad(1 + (i % 12), 2)}-${pad(1 + (i % 28), 2)} 10:${pad(i % 60, 2)}`;
export const deDate = (i: number) => `${pad(1 + (i % 28), 2)}.${pad(1 + (i % 12), 2)}.2024`;
export const usDate = (i: number) => `${1 + (i % 12)}/${1 + (i % 28)}/2024`;
export const recordId = (i: number) => String(51_000 + i * 13);
export const salesforceId = (i: number) => `0035g00000AbC${pad(i, 3)}`;
export const street = (i: number) => `${pick(['Hauptstraße', 'Rue de Rivoli', 'Calle Mayor', 'Main Street'], i)} ${i + 1}`;
export const zip = (i: number) => pad(10115 + i, 5);
export const note = words('Met at the fair', 'Asked for a demo', 'Call back in May', '');
export const stage = words('lead', 'customer', 'subscriber', 'opportunity');
export const yesNo = words('TRUE', 'FALSE');
export const empty: Gen = () => '';
export const foundedYear = (i: number) => String(1950 + ((i * 3) % 70));
export const description = words('Makes robots for warehouses', 'Payroll software for small shops', 'Organic snacks');
