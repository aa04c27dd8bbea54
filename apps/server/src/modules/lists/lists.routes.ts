import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addListMembersResultSchema,
  companySchema,
  contactSchema,
  countSchema,
  createListBodySchema,
  exportQuerySchema,
  gridCountQuerySchema,
  gridPageOf,
  gridQuerySchema,
  idParamsSchema,
  listMembersBodySchema,
  listPageSchema,
  listQuerySchema,
  listSchema,
  recordListsSchema,
  removeListMembersResultSchema,
  updateListBodySchema,
} from '@leadtrail/contracts';
import { sendCsv } from '../../lib/filters/csv.js';
import { ctxOf } from '../../core/route-access.js';
import type { ListsService } from './lists.service.js';

export async function listsRoutes(app: FastifyInstance, opts: { service: ListsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lists'];

  r.get(
    '/api/v1/lists',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'Lists of the workspace: search, entity, sort, paging', querystring: listQuerySchema, response: { 200: listPageSchema } },
    },
    async (req) => service.list(ctxOf(req), req.query),
  );

  r.post(
    '/api/v1/lists',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Create a list of contacts or of companies (409 when the name is taken, in any case)',
        body: createListBodySchema,
        response: { 201: listSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(ctxOf(req), req.body)),
  );

  r.get(
    '/api/v1/lists/:id',
    { config: { access: 'records:read' }, schema: { tags, summary: 'One list', params: idParamsSchema, response: { 200: listSchema } } },
    async (req) => service.get(ctxOf(req), req.params.id),
  );

  r.patch(
    '/api/v1/lists/:id',
    {
      config: { access: 'records:write' },
      schema: { tags, summary: 'Rename, describe or hand over a list', params: idParamsSchema, body: updateListBodySchema, response: { 200: listSchema } },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/lists/:id',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Delete a list (its contacts or companies stay); members only their own lists',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.delete(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/v1/lists/:id/members',
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: "The list's members as the contacts or companies grid: cursor, q, sort, filter, count",
        params: idParamsSchema,
        querystring: gridQuerySchema,
        response: { 200: gridPageOf(z.union([contactSchema, companySchema])) },
      },
    },
    async (req) => service.members(ctxOf(req), req.params.id, req.query),
  );

  r.get(
    '/api/v1/lists/:id/members/count',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'How many members match q and filter', params: idParamsSchema, querystring: gridCountQuerySchema, response: { 200: countSchema } },
    },
    async (req) => service.memberCount(ctxOf(req), req.params.id, req.query),
  );

  r.post(
    '/api/v1/lists/:id/members',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Add {ids} or every record matching {filter, q}; members already there are counted, never doubled',
        params: idParamsSchema,
        body: listMembersBodySchema,
        response: { 200: addListMembersResultSchema },
      },
    },
    async (req) => service.addMembers(ctxOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/lists/:id/members',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Remove {ids} or the members matching {filter, q} from the list (the records stay)',
        params: idParamsSchema,
        body: listMembersBodySchema,
        response: { 200: removeListMembersResultSchema },
      },
    },
    async (req) => service.removeMembers(ctxOf(req), req.params.id, req.body),
  );

  r.get(
    '/api/v1/lists/:id/export',
    {
      config: { access: 'records:export' },
      schema: {
        tags,
        summary: "Download the list's members as CSV (the grid's q, filter, sort, columns or ids); suppressed contacts only with includeSuppressed=true",
        params: idParamsSchema,
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) => {
      const exp = await service.prepareExport(ctxOf(req), req.params.id, req.query);
      return sendCsv(reply, exp.fileName, exp.header, (write) => exp.stream(write));
    },
  );

  for (const entity of ['contacts', 'companies'] as const) {
    r.get(
      `/api/v1/${entity}/:id/lists`,
      {
        config: { access: 'records:read' },
        schema: {
          tags,
          summary: `The lists a ${entity === 'contacts' ? 'contact' : 'company'} belongs to`,
          params: idParamsSchema,
          response: { 200: recordListsSchema },
        },
      },
      async (req) => service.listsOf(ctxOf(req), entity, req.params.id),
    );
  }
}
