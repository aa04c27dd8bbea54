import { companyFieldLabels, type Company, type CreateCompanyBody, type UpdateCompanyBody } from '@leadtrail/contracts';
import type { RequestContext } from '../../../core/request-context.js';
import type { Tx } from '../../../core/unit-of-work.js';
import { AppError } from '../../../lib/errors.js';
import { normalizeDomain } from '../../../lib/normalize.js';
import { presentValues, type FieldError } from '../../custom-fields/custom-field-values.js';
import { companyDomain, companyPhone, companyWebsite } from '../entities/company.js';
import { contactUrl } from '../entities/contact.js';
import type { RecordWrite } from '../record-spec.js';
import { createRecordsService, type RecordRules, type RecordsDeps } from '../records.service.js';
import { companySql, type CompanyRecord } from './companies.repository.js';

/** Standard fields a request can write, in the order of companyFields. */
const writable = [
  'name', 'domain', 'website', 'industry', 'employeeRange', 'revenueRange', 'phone', 'linkedinUrl', 'city', 'region',
  'country', 'description', 'foundedYear', 'ownerId',
] as const;

const str = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/** Body fields → column values (normalised), collecting an error per bad field. */
function normalize(body: UpdateCompanyBody, current: CompanyRecord | null, region: string) {
  const errors: FieldError[] = [];
  const out: RecordWrite = {};
  for (const f of ['name', 'industry', 'city', 'region', 'country', 'description'] as const) {
    const v = str(body[f]);
    if (v !== undefined) out[f] = v;
  }
  for (const f of ['employeeRange', 'revenueRange', 'foundedYear', 'ownerId'] as const) if (body[f] !== undefined) out[f] = body[f];
  // each by the company's own rules (records/entities/company.ts), as imports check them
  const parsed = (field: 'website' | 'linkedinUrl' | 'phone' | 'domain', parse: (v: string) => { value: string } | { problem: string }) => {
    const raw = str(body[field]);
    if (raw === undefined) return;
    const v = raw === null ? null : parse(raw);
    if (v && 'problem' in v) errors.push({ path: field, message: v.problem });
    else out[field] = v?.value ?? null;
  };
  parsed('website', companyWebsite);
  parsed('linkedinUrl', contactUrl);
  parsed('phone', (v) => companyPhone(v, region));
  parsed('domain', companyDomain);
  // the website gives the domain when there is none
  const domainAfter = out.domain !== undefined ? out.domain : (current?.domain ?? null);
  if (!domainAfter && out.website) out.domain = normalizeDomain(out.website as string);
  return { write: out, errors };
}

export const companyRules: RecordRules<CompanyRecord, Company, UpdateCompanyBody> = {
  sql: companySql,
  one: 'company',
  writable,
  labels: companyFieldLabels,
  refNames: { ownerId: 'ownerName' },
  extraFields: [{ field: 'contactCount', label: companyFieldLabels.contactCount, kind: 'number', sortable: false, filterable: false }],
  toDto: (r, defs) => ({
    ...r,
    employeeRange: r.employeeRange as Company['employeeRange'],
    revenueRange: r.revenueRange as Company['revenueRange'],
    customFields: presentValues(defs, r.customFields) as Company['customFields'],
  }),
  normalize,
  identity: {
    constraint: 'companies_domain_unique',
    of: (w) => w.domain as string | null | undefined,
    taken: (existingId) => new AppError(409, 'duplicate', 'A company with this domain already exists', { existingId, field: 'domain' }),
  },
  foreignKeys: [['owner', { path: 'ownerId', message: 'Choose a member of this workspace' }]],
  nameOf: (r) => r.name,
};

type Deps = RecordsDeps<CompanyRecord> & {
  /** A merge moves the merged company's contacts to the kept one (the contacts repository's write, their one writer). */
  relinkContactsIn: (tx: Tx, workspaceId: string, fromCompanyId: string, toCompanyId: string) => Promise<void>;
};

export function createCompaniesService(deps: Deps) {
  const records = createRecordsService<CompanyRecord, Company, UpdateCompanyBody>(
    { ...companyRules, onMerge: (tx, ctx, fromId, toId) => deps.relinkContactsIn(tx, ctx.workspaceId, fromId, toId) },
    deps,
  );

  return {
    ...records,
    create: (ctx: RequestContext, body: CreateCompanyBody, origin?: Parameters<typeof records.create>[2]) => records.create(ctx, body, origin),

    /** For contacts: the company owning a (normalised) domain, if any, inside their unit of work. */
    idByDomainIn: (tx: Tx, workspaceId: string, domain: string) => records.idByIdentityIn(tx, workspaceId, domain),
    /** The same for many (normalised) domains in one query: domain → id. */
    idsByDomainsIn: (tx: Tx, workspaceId: string, domains: string[]) => records.idsByIdentitiesIn(tx, workspaceId, domains),
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
