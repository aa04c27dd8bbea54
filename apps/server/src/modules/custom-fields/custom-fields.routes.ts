import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCustomFieldBodySchema,
  customFieldListSchema,
  customFieldSchema,
  idParamsSchema,
  listCustomFieldsQuerySchema,
  reorderCustomFieldsBodySchema,
  updateCustomFieldBodySchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { CustomFieldsService } from './custom-fields.service.js';

export async function customFieldsRoutes(app: FastifyInstance, opts: { service: CustomFieldsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['custom fields'];

  r.get(
    '/api/v1/custom-fields',
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: 'Custom fields of contacts and companies, in their order',
        querystring: listCustomFieldsQuerySchema,
        response: { 200: customFieldListSchema },
      },
    },
    async (req) => service.list(ctxOf(req), req.query),
  );

  r.post(
    '/api/v1/custom-fields',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: 'Create a custom field (the key is derived from the label when not given)',
        body: createCustomFieldBodySchema,
        response: { 201: customFieldSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(ctxOf(req), req.body)),
  );

  r.post(
    '/api/v1/custom-fields/reorder',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: "Set the order of an entity's custom fields (every field listed once)",
        body: reorderCustomFieldsBodySchema,
        response: { 200: customFieldListSchema },
      },
    },
    async (req) => service.reorder(ctxOf(req), req.body.entity, req.body.ids),
  );

  r.get(
    '/api/v1/custom-fields/:id',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'One custom field', params: idParamsSchema, response: { 200: customFieldSchema } },
    },
    async (req) => service.get(ctxOf(req), req.params.id),
  );

  r.patch(
    '/api/v1/custom-fields/:id',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: 'Rename, change options (ids keep values), require, archive or restore a custom field',
        params: idParamsSchema,
        body: updateCustomFieldBodySchema,
        response: { 200: customFieldSchema },
      },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/custom-fields/:id',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: 'Delete a custom field and every value it held',
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
