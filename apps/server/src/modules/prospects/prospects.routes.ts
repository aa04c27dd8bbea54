import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  prospectFacetsQuerySchema,
  prospectFacetsSchema,
  prospectPageSchema,
  prospectCompanyFacetsQuerySchema,
  prospectCompanyFacetsSchema,
  prospectCompanyPageSchema,
  prospectCompanySearchQuerySchema,
  prospectProfileSchema,
  prospectSearchQuerySchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { ProspectsService } from './prospects.service.js';

/** The prospect database's search and facets (PRODUCT.md sections 4 and 9); reveals are in prospects-reveal.*. */
export async function prospectsRoutes(app: FastifyInstance, opts: { service: ProspectsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['prospects'];

  r.get(
    '/api/v1/prospects',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Search the prospect database: keywords, filter, scope, suppressed hidden unless asked; masked email and phone; cursor paging',
        querystring: prospectSearchQuerySchema,
        response: { 200: prospectPageSchema },
      },
    },
    async (req) => service.search(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/prospects/facets',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Counts of every filter value for the current search, and its totals (net new, already mine, suppressed)',
        querystring: prospectFacetsQuerySchema,
        response: { 200: prospectFacetsSchema },
      },
    },
    async (req) => service.facets(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/prospects/companies',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Search the prospect database's companies: keywords on name and domain, filter, scope (already mine: a company of this workspace has the domain); each with its number of people; cursor paging",
        querystring: prospectCompanySearchQuerySchema,
        response: { 200: prospectCompanyPageSchema },
      },
    },
    async (req) => service.companies(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/prospects/companies/facets',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Counts of every company filter value (industry, size, revenue, country) for the current company search, each without its own choice, and its totals (net new, already mine)',
        querystring: prospectCompanyFacetsQuerySchema,
        response: { 200: prospectCompanyFacetsSchema },
      },
    },
    async (req) => service.companyFacets(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/prospects/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "One person's profile: the person as the search shows them (masked unless revealed here) and their company with its number of people",
        params: idParamsSchema,
        response: { 200: prospectProfileSchema },
      },
    },
    async (req) => service.profile(ctxOf(req), req.params.id),
  );
}
