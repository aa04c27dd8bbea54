/**
 * Request and response examples of the main resources, by operationId (answers captured from the
 * running app, so they have every field the schemas require; Spectral's oas3-valid-media-example
 * checks each against its schema in apps/server/test/openapi.int.test.ts).
 */
export type OperationExamples = { request?: unknown; responses?: Record<number, unknown> };

const company = {
  id: '01a20b01-40cf-759b-b7f1-0b9ab9f3d30b',
  name: 'Acme Robotics',
  domain: 'acme-robotics.example',
  website: 'https://acme-robotics.example/',
  industry: 'Industrial automation',
  employeeRange: '51-200',
  revenueRange: null,
  phone: null,
  linkedinUrl: null,
  city: 'Lyon',
  region: null,
  country: 'France',
  description: null,
  foundedYear: null,
  ownerId: '01a20b01-40bb-74ef-a3de-0c32ede5b326',
  ownerName: 'Maya Ortiz',
  source: 'manual',
  importId: null,
  customFields: {},
  contactCount: 0,
  createdBy: '01a20b01-40bb-74ef-a3de-0c32ede5b326',
  updatedBy: '01a20b01-40bb-74ef-a3de-0c32ede5b326',
  createdAt: '2026-11-24T00:42:41.227Z',
  updatedAt: '2026-11-24T00:42:41.227Z',
};

const contact = {
  id: '01a20b01-40df-7052-97b0-b210763bc45c',
  firstName: 'Ada',
  lastName: 'Moreau',
  email: 'ada.moreau@acme-robotics.example',
  emailStatus: 'unknown',
  workPhone: null,
  mobilePhone: null,
  otherPhone: null,
  jobTitle: 'Head of Sales',
  seniority: 'head',
  department: null,
  companyId: '01a20b01-40cf-759b-b7f1-0b9ab9f3d30b',
  companyName: 'Acme Robotics',
  linkedinUrl: null,
  city: 'Lyon',
  region: null,
  country: 'France',
  ownerId: '01a20b01-40bb-74ef-a3de-0c32ede5b326',
  ownerName: 'Maya Ortiz',
  source: 'manual',
  importId: null,
  suppressed: false,
  suppressedBy: null,
  customFields: {},
  createdBy: '01a20b01-40bb-74ef-a3de-0c32ede5b326',
  updatedBy: '01a20b01-40bb-74ef-a3de-0c32ede5b326',
  createdAt: '2026-11-24T00:42:41.243Z',
  updatedAt: '2026-11-24T00:42:41.243Z',
};

const list = {
  id: '01a20b01-40f5-7726-947c-cd2fc9a26559',
  name: 'Q3 conference leads',
  entity: 'contacts',
  description: 'Met at the Lyon trade fair',
  ownerId: '01a20b01-40bb-74ef-a3de-0c32ede5b326',
  ownerName: 'Maya Ortiz',
  memberCount: 0,
  createdAt: '2026-11-24T00:42:41.267Z',
  updatedAt: '2026-11-24T00:42:41.267Z',
};

const importJob = {
  id: '01a20b01-4158-770f-9121-a93d222d7e76',
  fileName: 'leads.csv',
  fileSize: 60,
  fileType: 'csv',
  entity: 'contacts',
  status: 'mapping',
  encoding: 'utf-8',
  delimiter: ',',
  headerRow: 1,
  sheet: null,
  sheets: [],
  columns: [
    {
      index: 0,
      header: 'First name',
      samples: ['Lin'],
      suggestedTarget: 'firstName',
    },
    {
      index: 1,
      header: 'Last name',
      samples: ['Zhou'],
      suggestedTarget: 'lastName',
    },
    {
      index: 2,
      header: 'Email',
      samples: ['lin.zhou@globex.example'],
      suggestedTarget: 'email',
    },
  ],
  mapping: [
    {
      index: 0,
      target: 'firstName',
    },
    {
      index: 1,
      target: 'lastName',
    },
    {
      index: 2,
      target: 'email',
    },
  ],
  mappingRemembered: false,
  options: {
    duplicates: 'skip',
    listId: null,
    newListName: null,
    ownerId: null,
    createCompanies: true,
  },
  progress: {
    rowsDone: 0,
    rowsRead: 0,
    rowsTotal: 1,
    rowsTotalExact: true,
    phase: 'waiting',
    rowsPerSecond: 0,
    secondsLeft: null,
    fraction: 0,
    updatedAt: null,
  },
  counts: {
    rows: 0,
    created: 0,
    updated: 0,
    duplicates: 0,
    duplicatesInFile: 0,
    suppressed: 0,
    errors: 0,
    warnings: 0,
  },
  error: null,
  listId: null,
  createdBy: '01a20b01-40bb-74ef-a3de-0c32ede5b326',
  createdByName: 'Maya Ortiz',
  createdAt: '2026-11-24T00:42:41.378Z',
  startedAt: null,
  finishedAt: null,
  cancelRequested: false,
  undoneAt: null,
  undoneCount: null,
  fileDeletedAt: null,
  fileDeletedReason: null,
  preview: {
    records: [
      ['First name', 'Last name', 'Email'],
      ['Lin', 'Zhou', 'lin.zhou@globex.example'],
    ],
    firstRecord: 1,
  },
};

export const examples: Record<string, OperationExamples> = {
  createContact: {
    request: {
      firstName: 'Ada',
      lastName: 'Moreau',
      email: 'ada.moreau@acme-robotics.example',
      jobTitle: 'Head of Sales',
      seniority: 'head',
      city: 'Lyon',
      country: 'France',
    },
    responses: { 201: contact },
  },
  getContact: { responses: { 200: contact } },
  updateContact: {
    request: { jobTitle: 'VP Sales', seniority: 'vp' },
    responses: { 200: { ...contact, jobTitle: 'VP Sales', seniority: 'vp' } },
  },
  listContacts: { responses: { 200: { data: [contact], nextCursor: null } } },
  createCompany: {
    request: {
      name: 'Acme Robotics',
      website: 'https://acme-robotics.example',
      industry: 'Industrial automation',
      employeeRange: '51-200',
      city: 'Lyon',
      country: 'France',
    },
    responses: { 201: company },
  },
  getCompany: { responses: { 200: company } },
  listCompanies: { responses: { 200: { data: [company], nextCursor: null } } },
  createList: {
    request: { name: 'Q3 conference leads', entity: 'contacts', description: 'Met at the Lyon trade fair' },
    responses: { 201: list },
  },
  getList: { responses: { 200: { ...list, memberCount: 1 } } },
  addListMembers: {
    request: { ids: [contact.id] },
    responses: {
      200: {
        added: 1,
        alreadyPresent: 0,
      },
    },
  },
  getImport: { responses: { 200: importJob } },
  createImport: { responses: { 201: importJob } },
  searchProspects: {
    responses: {
      200: {
        data: [
          {
            id: '0013ee7d-2525-40fe-ba8a-edf13cdad3ef',
            firstName: 'Richard',
            lastName: 'Martinez',
            jobTitle: 'Customer Success Manager',
            seniority: 'entry',
            department: 'sales',
            companyName: 'Lumenmark Media',
            companyDomain: 'lumenmark-media.example',
            industry: 'Advertising Services',
            employeeRange: '1001-5000',
            revenueRange: '1B+',
            country: 'Germany',
            region: 'Hamburg',
            city: 'Hamburg',
            linkedinUrl: 'https://www.linkedin.com/in/richard-martinez-6b5efda5',
            emailMasked: 'r•••@lumenmark-media.example',
            phoneMasked: null,
            hasEmail: true,
            hasPhone: false,
            emailStatus: 'valid',
            contactId: null,
            alreadyMine: false,
            revealed: {
              email: false,
              phone: false,
            },
            suppressed: false,
          },
        ],
        nextCursor:
          'eyJzIjoicmVsZXZhbmNlIiwidiI6IjAwMTNlZTdkLTI1MjUtNDBmZS1iYThhLWVkZjEzY2RhZDNlZiIsImlkIjoiMDAxM2VlN2QtMjUyNS00MGZlLWJhOGEtZWRmMTNjZGFkM2VmIn0',
      },
    },
  },
  previewReveal: {
    request: { ids: ['0013ee7d-2525-40fe-ba8a-edf13cdad3ef'], fields: 'email' },
    responses: {
      200: {
        people: 1,
        charge: {
          emails: 1,
          phones: 0,
        },
        cost: 1,
        free: 0,
        skipped: {
          suppressed: 0,
          noData: 0,
        },
        balance: 50,
        reserved: 0,
        balanceAfter: 49,
        memberRemainingAfter: null,
        shortfall: 0,
        shortfallReason: null,
        runsAsJob: false,
      },
    },
  },
  revealProspects: {
    request: { ids: ['0013ee7d-2525-40fe-ba8a-edf13cdad3ef'], fields: 'email' },
    responses: {
      200: {
        charged: 1,
        revealed: [
          {
            prospectId: '0013ee7d-2525-40fe-ba8a-edf13cdad3ef',
            contactId: '01a20b01-413e-70dc-a0b7-723f096ed52b',
            email: 'rmartinez@lumenmark-media.example',
            phone: null,
          },
        ],
        skipped: {
          suppressed: 0,
          noData: 0,
        },
        balance: 49,
      },
    },
  },
  getCredits: {
    responses: {
      200: {
        balance: 49,
        reserved: 0,
        available: 49,
        expiring: [
          {
            amount: 49,
            at: '2026-12-01T00:00:00.000Z',
          },
        ],
        periodStart: '2026-11-01T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
        usedThisPeriod: 1,
        memberLimit: null,
        memberUsedThisPeriod: 1,
        memberRemaining: null,
      },
    },
  },
  listCreditTransactions: {
    responses: {
      200: {
        data: [
          {
            id: '01a20b01-4141-766b-b5c7-68dc548066dc',
            createdAt: '2026-11-24T00:42:41.345Z',
            kind: 'spend',
            feature: 'prospect_email',
            description: 'Email of Richard Martinez (Lumenmark Media)',
            credits: -1,
            balanceAfter: 49,
            memberId: '01a20b01-40bb-74ef-a3de-0c32ede5b326',
            memberName: 'Maya Ortiz',
            reference: '0013ee7d-2525-40fe-ba8a-edf13cdad3ef',
            dataRequested: 'email',
          },
          {
            id: '01a20b01-411c-7646-9fbe-af80686ac7f2',
            createdAt: '2026-11-24T00:42:41.305Z',
            kind: 'grant',
            feature: 'plan',
            description: 'Free plan: 50 credits for November 2026',
            credits: 50,
            balanceAfter: 50,
            memberId: null,
            memberName: null,
            reference: null,
            dataRequested: null,
          },
        ],
        nextCursor: null,
      },
    },
  },
};
