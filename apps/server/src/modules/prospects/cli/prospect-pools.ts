import type { ProspectDepartment, Seniority } from '@leadtrail/contracts';

/**
 * The vocabulary of the synthetic prospect database. Names are common given and family
 * names; companies are made-up words on reserved `.example` domains, so no generated
 * address or domain can belong to anyone. Weights are rough shares of a B2B data set.
 */

export const FIRST_NAMES = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William',
  'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Lisa',
  'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Steven', 'Ashley', 'Paul', 'Emily', 'Andrew', 'Donna',
  'Joshua', 'Michelle', 'Kevin', 'Carol', 'Brian', 'Amanda', 'George', 'Melissa', 'Timothy', 'Deborah', 'Ryan',
  'Laura', 'Jacob', 'Rebecca', 'Nicholas', 'Sharon', 'Eric', 'Cynthia', 'Jonathan', 'Kathleen', 'Stephen', 'Amy',
  'Larry', 'Angela', 'Justin', 'Anna', 'Scott', 'Ruth', 'Brandon', 'Brenda', 'Benjamin', 'Pamela', 'Samuel', 'Nicole',
  'Gregory', 'Katherine', 'Alexander', 'Samantha', 'Patrick', 'Christine', 'Frank', 'Emma', 'Raymond', 'Rachel',
  'Jack', 'Olivia', 'Lukas', 'Sophie', 'Mathieu', 'Camille', 'Hugo', 'Chloe', 'Felix', 'Lena', 'Jonas', 'Clara',
  'Arjun', 'Priya', 'Rahul', 'Ananya', 'Vikram', 'Kavya', 'Hiroshi', 'Yuki', 'Kenji', 'Aiko', 'Lucas', 'Mariana',
  'Gabriel', 'Beatriz', 'Mateo', 'Lucia', 'Pablo', 'Carmen', 'Liam', 'Aoife', 'Oscar', 'Freja', 'Noah', 'Maja',
  'Wei', 'Mei', 'Chen', 'Li', 'Omar', 'Layla', 'Ali', 'Sara', 'Daan', 'Sanne',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez',
  'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen',
  'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall',
  'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Mueller', 'Schmidt', 'Schneider', 'Fischer', 'Weber',
  'Meyer', 'Wagner', 'Becker', 'Dubois', 'Durand', 'Leroy', 'Moreau', 'Laurent', 'Bernard', 'Petit', 'Patel',
  'Sharma', 'Singh', 'Kumar', 'Gupta', 'Reddy', 'Iyer', 'Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe',
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Costa', 'Pereira', 'Fernandez', 'Ruiz', 'Navarro', 'Murphy', "O'Brien",
  'Kelly', 'Byrne', 'Andersson', 'Johansson', 'Larsson', 'Nilsson', 'de Vries', 'Jansen', 'Bakker', 'Visser',
  'Wang', 'Zhang', 'Liu', 'Chen', 'Khan', 'Hassan', 'Ahmed', 'Cohen', 'Novak', 'Kowalski',
] as const;

/** Made-up words for company names: "Brightwave Analytics", "Northpeak Labs". */
export const COMPANY_STEMS = [
  'Acme', 'Bright', 'North', 'Blue', 'Silver', 'Red', 'Green', 'Swift', 'Clear', 'Nova', 'Apex', 'Summit', 'Iron',
  'Cedar', 'Maple', 'Pine', 'Oak', 'River', 'Stone', 'Sun', 'Star', 'Cloud', 'Quantum', 'Vertex', 'Pixel', 'Hyper',
  'Nimbus', 'Orbit', 'Atlas', 'Zenith', 'Echo', 'Lumen', 'Harbor', 'Falcon', 'Fox', 'Wolf', 'Bear', 'Eagle', 'Delta',
  'Sigma', 'Terra', 'Aqua', 'Solar', 'Polar', 'Crest', 'Ridge', 'Meadow', 'Coral', 'Amber', 'Indigo', 'Scarlet',
  'Golden', 'Granite', 'Willow', 'Aspen', 'Birch', 'Copper', 'Cobalt', 'Onyx', 'Jade',
] as const;
export const COMPANY_TAILS = [
  'wave', 'peak', 'field', 'stone', 'bridge', 'gate', 'point', 'line', 'works', 'forge', 'light', 'path', 'stack',
  'loop', 'spring', 'wind', 'view', 'port', 'mark', 'scape', 'shift', 'sense', 'base', 'craft', 'flow', 'grid',
] as const;
export const COMPANY_KINDS = [
  'Labs', 'Systems', 'Analytics', 'Group', 'Partners', 'Solutions', 'Robotics', 'Health', 'Logistics', 'Media',
  'Software', 'Capital', 'Industries', 'Foods', 'Energy', 'Consulting', 'Studio', 'Networks', 'Bio', 'Learning',
] as const;

/** LinkedIn industries with rough weights. */
export const INDUSTRIES: readonly (readonly [string, number])[] = [
  ['Software Development', 14],
  ['IT Services and IT Consulting', 10],
  ['Financial Services', 6],
  ['Hospitals and Health Care', 6],
  ['Retail', 5],
  ['Manufacturing', 5],
  ['Higher Education', 4],
  ['Marketing Services', 4],
  ['Staffing and Recruiting', 3],
  ['Real Estate', 3],
  ['Construction', 3],
  ['Telecommunications', 2],
  ['Banking', 3],
  ['Insurance', 2],
  ['Biotechnology Research', 2],
  ['Pharmaceutical Manufacturing', 2],
  ['Advertising Services', 2],
  ['Computer and Network Security', 2],
  ['E-Learning Providers', 2],
  ['Transportation, Logistics, Supply Chain and Storage', 3],
  ['Food and Beverage Services', 2],
  ['Motor Vehicle Manufacturing', 2],
  ['Legal Services', 2],
  ['Non-profit Organizations', 2],
  ['Government Administration', 1],
  ['Media Production', 1],
  ['Hospitality', 2],
  ['Accounting', 2],
  ['Business Consulting and Services', 4],
  ['Renewable Energy Semiconductor Manufacturing', 1],
];

/** Countries with shares, calling code, and regions with their cities. */
export type Country = { name: string; weight: number; callingCode: string; regions: readonly (readonly [string, readonly string[]])[] };
export const COUNTRIES: readonly Country[] = [
  { name: 'United States', weight: 40, callingCode: '1', regions: [
    ['California', ['San Francisco', 'Los Angeles', 'San Diego', 'San Jose']],
    ['New York', ['New York', 'Buffalo']],
    ['Texas', ['Austin', 'Dallas', 'Houston']],
    ['Washington', ['Seattle']],
    ['Massachusetts', ['Boston', 'Cambridge']],
    ['Illinois', ['Chicago']],
    ['Georgia', ['Atlanta']],
    ['Colorado', ['Denver', 'Boulder']],
    ['Florida', ['Miami', 'Tampa']],
  ] },
  { name: 'United Kingdom', weight: 10, callingCode: '44', regions: [
    ['England', ['London', 'Manchester', 'Bristol', 'Leeds']],
    ['Scotland', ['Edinburgh', 'Glasgow']],
  ] },
  { name: 'Germany', weight: 7, callingCode: '49', regions: [['Berlin', ['Berlin']], ['Bavaria', ['Munich', 'Nuremberg']], ['Hamburg', ['Hamburg']]] },
  { name: 'France', weight: 6, callingCode: '33', regions: [['Île-de-France', ['Paris']], ['Auvergne-Rhône-Alpes', ['Lyon', 'Grenoble']]] },
  { name: 'Canada', weight: 6, callingCode: '1', regions: [['Ontario', ['Toronto', 'Ottawa']], ['British Columbia', ['Vancouver']], ['Quebec', ['Montreal']]] },
  { name: 'India', weight: 7, callingCode: '91', regions: [['Karnataka', ['Bengaluru']], ['Maharashtra', ['Mumbai', 'Pune']], ['Telangana', ['Hyderabad']]] },
  { name: 'Australia', weight: 4, callingCode: '61', regions: [['New South Wales', ['Sydney']], ['Victoria', ['Melbourne']]] },
  { name: 'Netherlands', weight: 3, callingCode: '31', regions: [['North Holland', ['Amsterdam']], ['South Holland', ['Rotterdam']]] },
  { name: 'Spain', weight: 3, callingCode: '34', regions: [['Community of Madrid', ['Madrid']], ['Catalonia', ['Barcelona']]] },
  { name: 'Brazil', weight: 4, callingCode: '55', regions: [['São Paulo', ['São Paulo', 'Campinas']], ['Rio de Janeiro', ['Rio de Janeiro']]] },
  { name: 'Japan', weight: 3, callingCode: '81', regions: [['Tokyo', ['Tokyo']], ['Osaka', ['Osaka']]] },
  { name: 'Singapore', weight: 2, callingCode: '65', regions: [['Singapore', ['Singapore']]] },
  { name: 'Sweden', weight: 2, callingCode: '46', regions: [['Stockholm County', ['Stockholm']]] },
  { name: 'Ireland', weight: 2, callingCode: '353', regions: [['Leinster', ['Dublin']], ['Munster', ['Cork']]] },
  { name: 'Mexico', weight: 1, callingCode: '52', regions: [['Mexico City', ['Mexico City']], ['Jalisco', ['Guadalajara']]] },
];

/** Company size: share of companies per range (small ones dominate) and how many of their people the data set holds. */
export const EMPLOYEE_RANGES: readonly { range: string; min: number; max: number; weight: number; people: [number, number] }[] = [
  { range: '1-10', min: 1, max: 10, weight: 38, people: [1, 3] },
  { range: '11-50', min: 11, max: 50, weight: 27, people: [2, 8] },
  { range: '51-200', min: 51, max: 200, weight: 16, people: [4, 20] },
  { range: '201-500', min: 201, max: 500, weight: 8, people: [8, 40] },
  { range: '501-1000', min: 501, max: 1000, weight: 5, people: [15, 70] },
  { range: '1001-5000', min: 1001, max: 5000, weight: 4, people: [30, 150] },
  { range: '5001-10000', min: 5001, max: 10000, weight: 1, people: [60, 300] },
  { range: '10001+', min: 10001, max: 120000, weight: 1, people: [100, 600] },
];

export function revenueRangeOf(revenue: number): string {
  if (revenue < 1e6) return '<1M';
  if (revenue < 1e7) return '1M-10M';
  if (revenue < 5e7) return '10M-50M';
  if (revenue < 1e8) return '50M-100M';
  if (revenue < 5e8) return '100M-500M';
  if (revenue < 1e9) return '500M-1B';
  return '1B+';
}

export const SENIORITY_WEIGHTS_SMALL: readonly (readonly [Seniority, number])[] = [
  ['owner', 14], ['founder', 12], ['c_suite', 6], ['partner', 3], ['vp', 3], ['head', 5], ['director', 6],
  ['manager', 14], ['senior', 14], ['entry', 18], ['intern', 5],
];
export const SENIORITY_WEIGHTS: readonly (readonly [Seniority, number])[] = [
  ['owner', 1], ['founder', 1], ['c_suite', 3], ['partner', 2], ['vp', 5], ['head', 6], ['director', 12],
  ['manager', 20], ['senior', 21], ['entry', 23], ['intern', 6],
];

export const DEPARTMENT_WEIGHTS: readonly (readonly [ProspectDepartment, number])[] = [
  ['engineering', 18], ['sales', 16], ['marketing', 9], ['operations', 9], ['it', 7], ['finance', 6],
  ['human_resources', 5], ['product', 5], ['consulting', 4], ['design', 3], ['education', 3], ['medical', 3],
  ['legal', 2],
];

/** Per department: the area named in titles, the manager's title, individual contributor titles. */
export const DEPARTMENT_TITLES: Record<ProspectDepartment, { area: string; chief: string; manager: string[]; ic: string[] }> = {
  c_suite: { area: 'Executive Office', chief: 'Chief Executive Officer', manager: ['Chief of Staff'], ic: ['Executive Assistant'] },
  engineering: { area: 'Engineering', chief: 'Chief Technology Officer', manager: ['Engineering Manager', 'Software Development Manager'], ic: ['Software Engineer', 'Backend Engineer', 'Frontend Engineer', 'DevOps Engineer', 'Data Engineer', 'QA Engineer'] },
  sales: { area: 'Sales', chief: 'Chief Revenue Officer', manager: ['Sales Manager', 'Account Manager', 'Regional Sales Manager'], ic: ['Account Executive', 'Sales Development Representative', 'Business Development Representative', 'Customer Success Manager'] },
  marketing: { area: 'Marketing', chief: 'Chief Marketing Officer', manager: ['Marketing Manager', 'Product Marketing Manager', 'Content Marketing Manager'], ic: ['Marketing Specialist', 'Growth Marketer', 'SEO Specialist', 'Content Writer'] },
  operations: { area: 'Operations', chief: 'Chief Operating Officer', manager: ['Operations Manager', 'Supply Chain Manager'], ic: ['Operations Analyst', 'Operations Coordinator', 'Logistics Coordinator'] },
  it: { area: 'IT', chief: 'Chief Information Officer', manager: ['IT Manager', 'Infrastructure Manager'], ic: ['Systems Administrator', 'IT Support Specialist', 'Network Engineer', 'Security Analyst'] },
  finance: { area: 'Finance', chief: 'Chief Financial Officer', manager: ['Finance Manager', 'Controller'], ic: ['Financial Analyst', 'Accountant', 'Payroll Specialist'] },
  human_resources: { area: 'People', chief: 'Chief People Officer', manager: ['HR Manager', 'Talent Acquisition Manager'], ic: ['Recruiter', 'HR Generalist', 'People Partner'] },
  product: { area: 'Product', chief: 'Chief Product Officer', manager: ['Product Manager', 'Group Product Manager'], ic: ['Product Analyst', 'Product Owner', 'Associate Product Manager'] },
  consulting: { area: 'Consulting', chief: 'Chief Strategy Officer', manager: ['Engagement Manager', 'Consulting Manager'], ic: ['Consultant', 'Business Analyst', 'Strategy Analyst'] },
  design: { area: 'Design', chief: 'Chief Design Officer', manager: ['Design Manager'], ic: ['Product Designer', 'UX Designer', 'UX Researcher', 'Graphic Designer'] },
  education: { area: 'Academics', chief: 'Chief Academic Officer', manager: ['Program Manager', 'Academic Coordinator'], ic: ['Instructor', 'Lecturer', 'Curriculum Designer', 'Teaching Assistant'] },
  medical: { area: 'Clinical Services', chief: 'Chief Medical Officer', manager: ['Nurse Manager', 'Clinical Manager'], ic: ['Registered Nurse', 'Physician', 'Clinical Research Associate', 'Pharmacist'] },
  legal: { area: 'Legal', chief: 'General Counsel', manager: ['Legal Manager', 'Compliance Manager'], ic: ['Counsel', 'Paralegal', 'Compliance Analyst'] },
};
