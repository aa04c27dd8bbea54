import { describe, expect, it } from 'vitest';
import { profileColumn } from './column-profile.js';
import { mappingProblems } from './import-mapping.js';
import { assignColumns } from './mapping-assignment.js';

/** The suggested target per header, ignoring the ignored ones. */
function suggest(entity: 'contacts' | 'companies', headers: string[], samples: string[][] = []) {
  const map = assignColumns(
    entity,
    headers.map((header, index) => ({ index, header, samples: samples[index] ?? [] })),
  );
  const out: Record<string, string> = {};
  headers.forEach((h, i) => {
    const t = map.get(i)!.target;
    if (t !== 'ignore') out[h] = t;
  });
  return out;
}
const suggestMapping = (...args: Parameters<typeof assignColumns>) =>
  new Map([...assignColumns(...args)].map(([i, s]) => [i, s.target]));

describe('assignColumns: real export headers', () => {
  it('HubSpot contacts', () => {
    const headers = [
      'Record ID',
      'First Name',
      'Last Name',
      'Email',
      'Phone Number',
      'Mobile Phone Number',
      'Job Title',
      'Company Name',
      'Contact owner',
      'Lifecycle Stage',
      'City',
      'State/Region',
      'Country/Region',
      'Website URL',
      'Create Date',
    ];
    expect(suggest('contacts', headers)).toEqual({
      'Contact owner': 'owner',
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Email: 'email',
      'Phone Number': 'workPhone',
      'Mobile Phone Number': 'mobilePhone',
      'Job Title': 'jobTitle',
      'Company Name': 'companyName',
      City: 'city',
      'State/Region': 'region',
      'Country/Region': 'country',
      'Website URL': 'website',
    });
  });

  it('HubSpot companies', () => {
    const headers = [
      'Record ID',
      'Company name',
      'Company Domain Name',
      'Website URL',
      'Industry',
      'Number of Employees',
      'Annual Revenue',
      'Phone Number',
      'City',
      'State/Region',
      'Country/Region',
      'LinkedIn Company Page',
      'Description',
      'Year Founded',
    ];
    expect(suggest('companies', headers)).toEqual({
      'Company name': 'name',
      'Company Domain Name': 'domain',
      'Website URL': 'website',
      Industry: 'industry',
      'Number of Employees': 'employeeRange',
      'Annual Revenue': 'revenueRange',
      'Phone Number': 'phone',
      City: 'city',
      'State/Region': 'region',
      'Country/Region': 'country',
      'LinkedIn Company Page': 'linkedinUrl',
      Description: 'description',
      'Year Founded': 'foundedYear',
    });
  });

  it('Salesforce contacts report and Data Loader API names', () => {
    const report = [
      'Contact ID',
      'Salutation',
      'First Name',
      'Last Name',
      'Title',
      'Account Name',
      'Mailing Street',
      'Mailing City',
      'Mailing State/Province',
      'Mailing Zip/Postal Code',
      'Mailing Country',
      'Phone',
      'Mobile',
      'Email',
      'Department',
      'Lead Source',
    ];
    expect(suggest('contacts', report)).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Title: 'jobTitle',
      'Account Name': 'companyName',
      'Mailing City': 'city',
      'Mailing State/Province': 'region',
      'Mailing Country': 'country',
      Phone: 'workPhone',
      Mobile: 'mobilePhone',
      Email: 'email',
      Department: 'department',
    });
    const api = [
      'Id',
      'FirstName',
      'LastName',
      'Email',
      'Title',
      'Phone',
      'MobilePhone',
      'MailingCity',
      'MailingState',
      'MailingCountry',
    ];
    expect(suggest('contacts', api)).toEqual({
      FirstName: 'firstName',
      LastName: 'lastName',
      Email: 'email',
      Title: 'jobTitle',
      Phone: 'workPhone',
      MobilePhone: 'mobilePhone',
      MailingCity: 'city',
      MailingState: 'region',
      MailingCountry: 'country',
    });
  });

  it('Salesforce accounts', () => {
    const headers = [
      'Account ID',
      'Account Name',
      'Website',
      'Industry',
      'Employees',
      'Annual Revenue',
      'Billing City',
      'Billing State/Province',
      'Billing Country',
      'Phone',
      'Description',
      'Account Owner',
    ];
    expect(suggest('companies', headers)).toEqual({
      'Account Owner': 'owner',
      'Account Name': 'name',
      Website: 'website',
      Industry: 'industry',
      Employees: 'employeeRange',
      'Annual Revenue': 'revenueRange',
      'Billing City': 'city',
      'Billing State/Province': 'region',
      'Billing Country': 'country',
      Phone: 'phone',
      Description: 'description',
    });
  });

  it('Apollo people', () => {
    const headers = [
      'First Name',
      'Last Name',
      'Title',
      'Company',
      'Company Name for Emails',
      'Email',
      'Email Status',
      'Seniority',
      'Departments',
      'Contact Owner',
      'Work Direct Phone',
      'Home Phone',
      'Mobile Phone',
      'Corporate Phone',
      'Other Phone',
      'Stage',
      'Lists',
      '# Employees',
      'Industry',
      'Keywords',
      'Person Linkedin Url',
      'Website',
      'Company Linkedin Url',
      'City',
      'State',
      'Country',
      'Company Address',
      'Company City',
      'Company State',
      'Company Country',
      'Company Phone',
      'Annual Revenue',
      'Apollo Contact Id',
      'Apollo Account Id',
    ];
    expect(suggest('contacts', headers)).toEqual({
      // issue 26: further emails and phones are the contact's additional ones
      'Home Phone': 'additionalPersonalPhone',
      'Contact Owner': 'owner',
      '# Employees': 'companyEmployees',
      Industry: 'companyIndustry',
      'Company Linkedin Url': 'companyLinkedinUrl',
      'Company Phone': 'companyPhone',
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Title: 'jobTitle',
      Company: 'companyName',
      Email: 'email',
      'Email Status': 'emailStatus',
      Seniority: 'seniority',
      Departments: 'department',
      'Work Direct Phone': 'workPhone',
      'Mobile Phone': 'mobilePhone',
      'Other Phone': 'otherPhone',
      'Person Linkedin Url': 'linkedinUrl',
      Website: 'website',
      City: 'city',
      State: 'region',
      Country: 'country',
    });
  });

  it('Apollo accounts', () => {
    const headers = [
      'Company',
      'Company Name for Emails',
      'Account Stage',
      '# Employees',
      'Industry',
      'Account Owner',
      'Website',
      'Company Linkedin Url',
      'Company Street',
      'Company City',
      'Company State',
      'Company Country',
      'Company Phone',
      'SEO Description',
      'Annual Revenue',
      'Founded Year',
      'Short Description',
    ];
    expect(suggest('companies', headers)).toEqual({
      'Account Owner': 'owner',
      Company: 'name',
      '# Employees': 'employeeRange',
      Industry: 'industry',
      Website: 'website',
      'Company Linkedin Url': 'linkedinUrl',
      'Company City': 'city',
      'Company State': 'region',
      'Company Country': 'country',
      'Company Phone': 'phone',
      'Short Description': 'description',
      'Annual Revenue': 'revenueRange',
      'Founded Year': 'foundedYear',
    });
  });

  it('Lusha', () => {
    const headers = [
      'First Name',
      'Last Name',
      'Job Title',
      'Seniority',
      'Department',
      'Company Name',
      'Company Domain',
      'Contact LinkedIn URL',
      'Work Email',
      'Direct Email',
      'Additional Email',
      'Phone 1',
      'Phone 2',
      'Mobile Phone',
      'Contact Country',
      'Contact State',
      'Contact City',
      'Company Size',
      'Company Industry',
    ];
    expect(suggest('contacts', headers)).toEqual({
      // issue 26: further emails and phones are the contact's additional ones
      'Direct Email': 'additionalWorkEmail',
      'Additional Email': 'additionalOtherEmail',
      'Company Size': 'companyEmployees',
      'Company Industry': 'companyIndustry',
      'First Name': 'firstName',
      'Last Name': 'lastName',
      'Job Title': 'jobTitle',
      Seniority: 'seniority',
      Department: 'department',
      'Company Name': 'companyName',
      'Company Domain': 'companyDomain',
      'Contact LinkedIn URL': 'linkedinUrl',
      'Work Email': 'email',
      'Phone 1': 'workPhone',
      'Phone 2': 'otherPhone',
      'Mobile Phone': 'mobilePhone',
      'Contact Country': 'country',
      'Contact State': 'region',
      'Contact City': 'city',
    });
  });

  it('LinkedIn Connections.csv (its URL column holds profile links)', () => {
    const headers = ['First Name', 'Last Name', 'URL', 'Email Address', 'Company', 'Position', 'Connected On'];
    const samples = [
      [],
      [],
      ['https://www.linkedin.com/in/annlee', 'https://www.linkedin.com/in/bob-ray-12'],
      [],
      [],
      [],
      ['03 Jan 2024'],
    ];
    expect(suggest('contacts', headers, samples)).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      URL: 'linkedinUrl',
      'Email Address': 'email',
      Company: 'companyName',
      Position: 'jobTitle',
    });
  });

  it('Google Contacts (current and older format)', () => {
    const current = [
      'First Name',
      'Middle Name',
      'Last Name',
      'Nickname',
      'Birthday',
      'Notes',
      'Labels',
      'E-mail 1 - Label',
      'E-mail 1 - Value',
      'E-mail 2 - Label',
      'E-mail 2 - Value',
      'Phone 1 - Label',
      'Phone 1 - Value',
      'Phone 2 - Label',
      'Phone 2 - Value',
      'Address 1 - City',
      'Address 1 - Region',
      'Address 1 - Country',
      'Organization Name',
      'Organization Title',
      'Organization Department',
      'Website 1 - Value',
    ];
    expect(suggest('contacts', current)).toEqual({
      // issue 26: further emails and phones are the contact's additional ones
      'E-mail 2 - Value': 'additionalOtherEmail',
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Notes: 'notes',
      'E-mail 1 - Value': 'email',
      'Phone 1 - Value': 'workPhone',
      'Phone 2 - Value': 'otherPhone',
      'Address 1 - City': 'city',
      'Address 1 - Region': 'region',
      'Address 1 - Country': 'country',
      'Organization Name': 'companyName',
      'Organization Title': 'jobTitle',
      'Organization Department': 'department',
      'Website 1 - Value': 'website',
    });
    const older = [
      'Name',
      'Given Name',
      'Additional Name',
      'Family Name',
      'E-mail 1 - Type',
      'E-mail 1 - Value',
      'Phone 1 - Type',
      'Phone 1 - Value',
      'Organization 1 - Name',
      'Organization 1 - Title',
      'Organization 1 - Department',
    ];
    expect(suggest('contacts', older)).toEqual({
      'Given Name': 'firstName',
      'Family Name': 'lastName',
      'E-mail 1 - Value': 'email',
      'Phone 1 - Value': 'workPhone',
      'Organization 1 - Name': 'companyName',
      'Organization 1 - Title': 'jobTitle',
      'Organization 1 - Department': 'department',
    });
  });

  it('Outlook (Title is the name prefix there)', () => {
    const headers = [
      'Title',
      'First Name',
      'Middle Name',
      'Last Name',
      'Suffix',
      'Company',
      'Department',
      'Job Title',
      'Business Street',
      'Business City',
      'Business State',
      'Business Postal Code',
      'Business Country/Region',
      'Home City',
      'Business Phone',
      'Business Phone 2',
      'Home Phone',
      'Mobile Phone',
      'Other Phone',
      'E-mail Address',
      'E-mail 2 Address',
      'E-mail 3 Address',
      'Notes',
      'Web Page',
    ];
    expect(suggest('contacts', headers)).toEqual({
      // issue 26: further emails and phones are the contact's additional ones
      'Business Phone 2': 'additionalWorkPhone',
      'E-mail 2 Address': 'additionalOtherEmail',
      'E-mail 3 Address': 'additionalOtherEmail',
      'Home Phone': 'additionalPersonalPhone',
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Company: 'companyName',
      Department: 'department',
      'Job Title': 'jobTitle',
      'Business City': 'city',
      'Business State': 'region',
      'Business Country/Region': 'country',
      'Business Phone': 'workPhone',
      'Mobile Phone': 'mobilePhone',
      'Other Phone': 'otherPhone',
      'E-mail Address': 'email',
      Notes: 'notes',
      'Web Page': 'website',
    });
  });
});

describe('assignColumns: values and special cases', () => {
  it('takes a column of emails as the email column whatever its header', () => {
    expect(suggest('contacts', ['Contact', 'Whatever'], [['Ann Lee'], ['ann@acme.com', 'BOB@x.io', '']])).toEqual({
      Contact: 'fullName',
      Whatever: 'email',
    });
  });

  it('never suggests a field the entity lacks: a column of emails in a company file is left out', () => {
    const headers = ['Company', 'Email', 'Website'];
    const samples = [['Initech'], ['peter@initech.com', 'bill@initech.com'], ['initech.com']];
    expect(suggest('companies', headers, samples)).toEqual({ Company: 'name', Website: 'website' });
    // the same file as contacts maps the emails
    expect(suggest('contacts', headers, samples)).toMatchObject({ Email: 'email' });
    // whatever the header, a company import gets only company fields
    const map = suggestMapping('companies', [{ index: 0, header: 'Work Email', samples: ['a@b.co'] }]);
    expect(map.get(0)).toBe('ignore');
    // and a contact field sent for a company import is refused in plain words
    expect(mappingProblems('companies', [{ index: 0, target: 'email' }], 1, [])).toEqual([
      { path: 'mapping.0.target', message: `A company has no field "Email": choose another field or Don't import` },
    ]);
  });

  it('suggests from values when the header means nothing', () => {
    expect(
      suggest(
        'contacts',
        ['col1', 'col2', 'col3'],
        [['+1 415 555 0100', '(212) 555-0199'], ['acme.com', 'globex.io'], ['https://www.linkedin.com/in/x']],
      ),
    ).toEqual({ col1: 'workPhone', col2: 'companyDomain', col3: 'linkedinUrl' });
    expect(
      suggest('companies', ['c1', 'c2'], [['https://acme.com/about'], ['https://linkedin.com/company/acme']]),
    ).toEqual({
      c1: 'website',
      c2: 'linkedinUrl',
    });
  });

  it('leaves a full-name column alone when first and last names exist, and maps it otherwise', () => {
    expect(suggest('contacts', ['Name', 'First Name', 'Last Name'])).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
    });
    expect(suggest('contacts', ['Full Name', 'Email'])).toEqual({ 'Full Name': 'fullName', Email: 'email' });
  });

  it('matches custom fields by label or key', () => {
    const map = suggestMapping(
      'contacts',
      [
        { index: 0, header: 'Lead Score', samples: [] },
        { index: 1, header: 'tier', samples: [] },
      ],
      [
        { key: 'lead_score', label: 'Lead score' },
        { key: 'tier', label: 'Customer tier' },
      ],
    );
    expect([...map.values()]).toEqual(['custom:lead_score', 'custom:tier']);
  });
});


describe('assignColumns: meaning over spelling', () => {
  const rows = 60;
  const people = Array.from({ length: rows }, (_, i) => `person${i}@client${i % 7}.com`);

  it('never gives the email to a column holding one address on every row (the silent loss)', () => {
    const columns = [
      { index: 0, header: 'Name', samples: [], profile: profileColumn(people.map((_, i) => `Person ${String.fromCharCode(65 + (i % 26))}${i}`)) },
      { index: 1, header: 'Work Email', samples: [], profile: profileColumn(people) },
      { index: 2, header: 'Added By', samples: [], profile: profileColumn(Array(rows).fill('uploader@ourco.com')) },
    ];
    const map = assignColumns('contacts', columns);
    expect(map.get(1)).toMatchObject({ target: 'email', reason: 'header "Work Email"', review: false });
    expect(map.get(2)).toMatchObject({ target: 'ignore', reason: 'the same value on most rows: not used as Email' });
    // even when its header says email
    const named = assignColumns('contacts', [{ ...columns[2]!, header: 'Email' }, { ...columns[1]!, header: 'Unknown' }]);
    expect(map.size).toBe(3);
    expect(named.get(2)!.target).toBe('ignore');
    expect(named.get(1)).toMatchObject({ target: 'email', reason: 'values are emails' });
  });

  it('lets a header naming a field outrank a guess from values', () => {
    const emails = (n: number) => profileColumn(Array.from({ length: 10 }, (_, i) => `p${i}.${n}@x.io`));
    const map = assignColumns('contacts', [
      { index: 0, header: 'Whatever', samples: [], profile: emails(1) },
      { index: 1, header: 'Email 2', samples: [], profile: emails(2) },
    ]);
    expect(map.get(1)!.target).toBe('email');
    expect(map.get(0)).toMatchObject({ target: 'ignore', reason: 'Email is taken by "Email 2"' });
  });

  it('reads German headers, prefixed headers and the state beside the city', () => {
    expect(suggest('contacts', ['Vorname', 'Nachname', 'Firma', 'Mobiltelefon', 'Ort', 'Land'])).toEqual({
      Vorname: 'firstName',
      Nachname: 'lastName',
      Firma: 'companyName',
      Mobiltelefon: 'mobilePhone',
      Ort: 'city',
      Land: 'country',
    });
    expect(
      suggest('contacts', ['Person - Name', 'Person - Organization', 'Person - Job title', 'Person - Phone - Mobile', 'Person City', 'Person State']),
    ).toEqual({
      'Person - Name': 'fullName',
      'Person - Organization': 'companyName',
      'Person - Job title': 'jobTitle',
      'Person - Phone - Mobile': 'mobilePhone',
      'Person City': 'city',
      'Person State': 'region',
    });
  });

  it('gives each suggestion its reason and confidence, and marks guesses for review', () => {
    const map = assignColumns('contacts', [
      { index: 0, header: 'Mobiltelefon', samples: ['+49 171 1234567'] },
      { index: 1, header: 'col2', samples: ['ann@acme.com', 'bob@globex.io'] },
      { index: 2, header: 'col3', samples: ['Deutschland', 'Frankreich'] },
      { index: 3, header: 'Lead Source', samples: ['Web'] },
    ]);
    expect(map.get(0)).toEqual({ target: 'mobilePhone', reason: 'header "Mobiltelefon"', confidence: 0.95, review: false });
    expect(map.get(1)).toEqual({ target: 'email', reason: 'values are emails', confidence: 0.85, review: false });
    expect(map.get(2)).toMatchObject({ target: 'country', reason: 'values are countries', review: true });
    expect(map.get(3)).toMatchObject({ target: 'ignore', reason: 'no field matches its header or values' });
  });
});
