import { describe, expect, it } from 'vitest';
import { splitFullName } from '../../lib/person-name.js';
import { compactHeader, headerSignature, mappingProblems, suggestMapping } from './import-mapping.js';

/** The suggestion per header, ignoring the ignored ones. */
function suggest(entity: 'contacts' | 'companies', headers: string[], samples: string[][] = []) {
  const map = suggestMapping(
    entity,
    headers.map((header, index) => ({ index, header, samples: samples[index] ?? [] })),
  );
  const out: Record<string, string> = {};
  headers.forEach((h, i) => {
    const t = map.get(i)!;
    if (t !== 'ignore') out[h] = t;
  });
  return out;
}

describe('compactHeader', () => {
  it('ignores case, punctuation, accents and camelCase', () => {
    expect(compactHeader('E-mail 1 - Value')).toBe('email1value');
    expect(compactHeader('FirstName')).toBe('firstname');
    expect(compactHeader('first_name')).toBe('firstname');
    expect(compactHeader('  Prénom ')).toBe('prenom');
    expect(compactHeader('# Employees')).toBe('numemployees');
  });
});

describe('suggestMapping: real export headers', () => {
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

describe('suggestMapping: values and special cases', () => {
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

describe('mappingProblems', () => {
  const fields = [{ key: 'tier', label: 'Tier' }];
  it('refuses two columns on one single-value field, unknown fields and duplicate new fields', () => {
    const problems = mappingProblems(
      'contacts',
      [
        { index: 0, target: 'email' },
        { index: 1, target: 'email' },
        { index: 2, target: 'name' },
        { index: 3, target: 'new-custom:Lead Score' },
        { index: 4, target: 'new-custom:lead score' },
        { index: 5, target: 'new-custom:Tier' },
        { index: 6, target: 'notes' },
        { index: 7, target: 'notes' },
        { index: 9, target: 'ignore' },
      ],
      9,
      fields,
    );
    expect(problems.map((p) => p.path)).toEqual([
      'mapping.1.target',
      'mapping.2.target',
      'mapping.4.target',
      'mapping.5.target',
      'mapping.8.index',
    ]);
    expect(problems[0]!.message).toMatch(/already mapped/);
  });
  it('accepts a sound mapping', () => {
    expect(
      mappingProblems(
        'companies',
        [
          { index: 0, target: 'name' },
          { index: 1, target: 'custom:tier' },
        ],
        2,
        [],
      ),
    ).toHaveLength(1);
    expect(
      mappingProblems(
        'contacts',
        [
          { index: 0, target: 'email' },
          { index: 1, target: 'custom:tier' },
        ],
        2,
        fields,
      ),
    ).toEqual([]);
  });
});

describe('splitFullName', () => {
  it.each([
    ['Jane Doe', 'Jane', 'Doe'],
    ['  Mary Ann   Smith ', 'Mary Ann', 'Smith'],
    ['Dr. Jane van der Berg Jr.', 'Jane', 'van der Berg'],
    ['Berg, Jane', 'Jane', 'Berg'],
    ['John Smith, PhD', 'John', 'Smith'],
    ['Cher', 'Cher', null],
    ['Ludwig von Beethoven', 'Ludwig', 'von Beethoven'],
  ])('%j', (full, first, last) => {
    expect(splitFullName(full)).toEqual({ firstName: first, lastName: last });
  });
  it('gives nothing for nothing', () => {
    expect(splitFullName('   ')).toEqual({ firstName: null, lastName: null });
  });
});

describe('headerSignature', () => {
  it('is the same for the same headers whatever their case and punctuation', () => {
    expect(headerSignature('contacts', ['First Name', 'E-mail'])).toBe(
      headerSignature('contacts', ['first_name', 'email']),
    );
    expect(headerSignature('contacts', ['a', 'b'])).not.toBe(headerSignature('contacts', ['b', 'a']));
    expect(headerSignature('contacts', ['a'])).not.toBe(headerSignature('companies', ['a']));
  });
});
