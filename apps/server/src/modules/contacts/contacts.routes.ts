import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkAssignOwnerBodySchema,
  bulkDeleteBodySchema,
  bulkResultSchema,
  contactSchema,
  countSchema,
  createContactBodySchema,
  exportQuerySchema,
  gridCountQuerySchema,
  gridFieldListSchema,
  gridPageOf,
  gridQuerySchema,
  idParamsSchema,
  mergeBodySchema,
  updateContactBodySchema,
} from '@leadtrail/contracts';
import { sendCsv } from '../../lib/filters/csv.js';
import { ctxOf } from '../../plugins/auth.plugin.js';
import type { ContactsService } from './contacts.service.js';

export async function contactsRoutes(app: FastifyInstance, opts: { service: ContactsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contacts'];

  r.get(
    '/api/v1/contacts',
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: 'Page through contacts: cursor, quick search q, sort, filter (URL-encoded JSON), count=true for the total',
        querystring: gridQuerySchema,
        response: { 200: gridPageOf(contactSchema) },
      },
    },
    async (req) => service.list(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/contacts/count',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'How many contacts match q and filter', querystring: gridCountQuerySchema, response: { 200: countSchema } },
    },
    async (req) => service.count(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/contacts/fields',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'Columns the contacts grid can show, sort and filter', response: { 200: gridFieldListSchema } },
    },
    async (req) => service.fields(ctxOf(req)),
  );

  r.get(
    '/api/v1/contacts/export',
    {
      config: { access: 'records:export' },
      schema: {
        tags,
        summary: 'Download contacts as CSV (UTF-8 with BOM): the grid q, filter and sort, chosen columns, or ids; suppressed contacts only with includeSuppressed=true',
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) => {
      const exp = await service.prepareExport(ctxOf(req), req.query);
      return sendCsv(reply, `contacts-${new Date().toISOString().slice(0, 10)}.csv`, exp.header, (write) => exp.stream(write));
    },
  );

  r.post(
    '/api/v1/contacts',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Create a contact (409 with existingId when its email exists); links the company of its email domain',
        body: createContactBodySchema,
        response: { 201: contactSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(ctxOf(req), req.body)),
  );

  r.post(
    '/api/v1/contacts/merge',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Merge one contact into another, keeping the chosen values, notes and history',
        body: mergeBodySchema,
        response: { 200: contactSchema },
      },
    },
    async (req) => service.merge(ctxOf(req), req.body),
  );

  r.post(
    '/api/v1/contacts/bulk/assign-owner',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Set the owner of the selected contacts, or of all matching q and filter',
        body: bulkAssignOwnerBodySchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (req) => service.bulkAssignOwner(ctxOf(req), req.body.selection, req.body.ownerId),
  );

  r.post(
    '/api/v1/contacts/bulk/delete',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Delete the selected contacts, or all matching (members: only their own; the rest are counted as skipped)',
        body: bulkDeleteBodySchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (req) => service.bulkDelete(ctxOf(req), req.body.selection),
  );

  r.get(
    '/api/v1/contacts/:id',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'One contact', params: idParamsSchema, response: { 200: contactSchema } },
    },
    async (req) => service.get(ctxOf(req), req.params.id),
  );

  r.patch(
    '/api/v1/contacts/:id',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Change fields of a contact (each change goes on its timeline; 409 when the new email exists)',
        params: idParamsSchema,
        body: updateContactBodySchema,
        response: { 200: contactSchema },
      },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/contacts/:id',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Delete a contact (members: only their own)',
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
