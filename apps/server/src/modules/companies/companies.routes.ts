import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkAssignOwnerBodySchema,
  bulkDeleteBodySchema,
  bulkResultSchema,
  companySchema,
  countSchema,
  createCompanyBodySchema,
  exportQuerySchema,
  gridCountQuerySchema,
  gridFieldListSchema,
  gridPageOf,
  gridQuerySchema,
  idParamsSchema,
  mergeBodySchema,
  updateCompanyBodySchema,
} from '@leadtrail/contracts';
import { sendCsv } from '../../lib/filters/csv.js';
import { ctxOf } from '../../plugins/auth.plugin.js';
import type { CompaniesService } from './companies.service.js';

export async function companiesRoutes(app: FastifyInstance, opts: { service: CompaniesService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];

  r.get(
    '/api/v1/companies',
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: 'Page through companies: cursor, quick search q, sort, filter (URL-encoded JSON), count=true for the total',
        querystring: gridQuerySchema,
        response: { 200: gridPageOf(companySchema) },
      },
    },
    async (req) => service.list(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/companies/count',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'How many companies match q and filter', querystring: gridCountQuerySchema, response: { 200: countSchema } },
    },
    async (req) => service.count(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/companies/fields',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'Columns the companies grid can show, sort and filter', response: { 200: gridFieldListSchema } },
    },
    async (req) => service.fields(ctxOf(req)),
  );

  r.get(
    '/api/v1/companies/export',
    {
      config: { access: 'records:export' },
      schema: {
        tags,
        summary: 'Download companies as CSV (UTF-8 with BOM): the grid q, filter and sort, chosen columns, or ids',
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) => {
      const exp = await service.prepareExport(ctxOf(req), req.query);
      return sendCsv(reply, `companies-${new Date().toISOString().slice(0, 10)}.csv`, exp.header, (write) => exp.stream(write));
    },
  );

  r.post(
    '/api/v1/companies',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Create a company (409 with existingId when its domain exists)',
        body: createCompanyBodySchema,
        response: { 201: companySchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(ctxOf(req), req.body)),
  );

  r.post(
    '/api/v1/companies/merge',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Merge one company into another, keeping the chosen values, its contacts, notes and history',
        body: mergeBodySchema,
        response: { 200: companySchema },
      },
    },
    async (req) => service.merge(ctxOf(req), req.body),
  );

  r.post(
    '/api/v1/companies/bulk/assign-owner',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Set the owner of the selected companies, or of all matching q and filter',
        body: bulkAssignOwnerBodySchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (req) => service.bulkAssignOwner(ctxOf(req), req.body.selection, req.body.ownerId),
  );

  r.post(
    '/api/v1/companies/bulk/delete',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Delete the selected companies, or all matching (members: only their own; the rest are counted as skipped)',
        body: bulkDeleteBodySchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (req) => service.bulkDelete(ctxOf(req), req.body.selection),
  );

  r.get(
    '/api/v1/companies/:id',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'One company', params: idParamsSchema, response: { 200: companySchema } },
    },
    async (req) => service.get(ctxOf(req), req.params.id),
  );

  r.patch(
    '/api/v1/companies/:id',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Change fields of a company (each change goes on its timeline)',
        params: idParamsSchema,
        body: updateCompanyBodySchema,
        response: { 200: companySchema },
      },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/companies/:id',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Delete a company (members: only their own); its contacts stay, unlinked',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.delete(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
