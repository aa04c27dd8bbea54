import type { FastifyInstance } from 'fastify';
import { companySchema, createCompanyBodySchema, updateCompanyBodySchema } from '@leadtrail/contracts';
import { recordRoutes } from '../records.routes.js';
import type { CompaniesService } from './companies.service.js';

export async function companiesRoutes(app: FastifyInstance, opts: { service: CompaniesService }) {
  await recordRoutes(app, {
    entity: 'companies',
    one: 'company',
    schemas: { record: companySchema, create: createCompanyBodySchema, update: updateCompanyBodySchema },
    service: opts.service,
    notes: {
      create: ' (409 with existingId when its domain exists)',
      merge: 'its contacts, ',
      update: '',
      delete: '; its contacts stay, unlinked',
      export: '',
    },
  });
}
