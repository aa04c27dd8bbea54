import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkAssignOwnerBodySchema,
  bulkDeleteBodySchema,
  bulkResultSchema,
  bulkUndoParamsSchema,
  bulkUndoResultSchema,
  bulkUpdateBodySchema,
  bulkUpdateResultSchema,
  fieldValuesQuerySchema,
  fieldValuesSchema,
  countSchema,
  exportQuerySchema,
  gridCountQuerySchema,
  gridFieldListSchema,
  gridPageOf,
  gridQuerySchema,
  idParamsSchema,
  mergeBodySchema,
  recordBulkJobAcceptedSchema,
  recordBulkJobSchema,
} from '@leadtrail/contracts';
import { invalidField, invalidFields } from '../../lib/errors.js';
import { sendCsv } from '../../lib/filters/csv.js';
import type { RequestContext } from '../../core/request-context.js';
import { ctxOf } from '../../core/route-access.js';

type Out<S extends z.ZodType> = z.output<S>;
/** what a response schema accepts (the serializer validates it) */
type In<S extends z.ZodType> = z.input<S>;
type Selection = Out<typeof bulkDeleteBodySchema>['selection'];

/** What contacts and companies both offer their grid, detail page and bulk actions. */
export type RecordService<R extends z.ZodType, C extends z.ZodType, U extends z.ZodType> = {
  list: (ctx: RequestContext, query: Out<typeof gridQuerySchema>) => Promise<In<ReturnType<typeof gridPageOf<R>>>>;
  count: (ctx: RequestContext, query: Out<typeof gridCountQuerySchema>) => Promise<Out<typeof countSchema>>;
  fields: (ctx: RequestContext) => Promise<Out<typeof gridFieldListSchema>>;
  prepareExport: (
    ctx: RequestContext,
    query: Out<typeof exportQuerySchema>,
  ) => Promise<{ header: string[]; stream: (write: (chunk: string | Buffer) => Promise<void> | void) => Promise<unknown> }>;
  create: (ctx: RequestContext, body: Out<C>) => Promise<In<R>>;
  merge: (ctx: RequestContext, body: Out<typeof mergeBodySchema>) => Promise<In<R>>;
  bulkAssignOwner: (ctx: RequestContext, selection: Selection, ownerId: string | null) => Promise<Out<typeof bulkResultSchema>>;
  bulkDelete: (ctx: RequestContext, selection: Selection) => Promise<Out<typeof bulkResultSchema>>;
  get: (ctx: RequestContext, id: string) => Promise<In<R>>;
  update: (ctx: RequestContext, id: string, body: Out<U>) => Promise<In<R>>;
  delete: (ctx: RequestContext, id: string) => Promise<unknown>;
  values: (ctx: RequestContext, query: Out<typeof fieldValuesQuerySchema>) => Promise<Out<typeof fieldValuesSchema>>;
  bulkUpdate: (ctx: RequestContext, selection: Selection, field: string, value: unknown) => Promise<Out<typeof bulkUpdateResultSchema>>;
  undoBulkUpdate: (ctx: RequestContext, editId: string) => Promise<Out<typeof bulkUndoResultSchema>>;
  startBulkJob: (
    ctx: RequestContext,
    kind: 'update' | 'delete',
    selection: Extract<Selection, { matching: unknown }>['matching'],
    change?: { field?: string; value?: unknown },
  ) => Promise<Out<typeof recordBulkJobAcceptedSchema>>;
  bulkJob: (ctx: RequestContext, id: string) => Promise<Out<typeof recordBulkJobSchema>>;
};

export type RecordRoutesSpec<R extends z.ZodType, C extends z.ZodType, U extends z.ZodType> = {
  /** the URL segment and tag: `contacts` or `companies` */
  entity: 'contacts' | 'companies';
  /** one record in prose: `contact`, `company` */
  one: string;
  schemas: { record: R; create: C; update: U };
  service: RecordService<R, C, U>;
  /** what differs between the two in the API reference */
  notes: { create: string; merge: string; update: string; delete: string; export: string };
};

/** The routes of a records grid and its detail page, the same for contacts and companies. */
export async function recordRoutes<R extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  spec: RecordRoutesSpec<R, C, U>,
) {
  const { entity, one, schemas, service, notes } = spec;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [entity];
  const base = `/api/v1/${entity}`;
  // the service's signature checks the types; Fastify only needs the schemas to validate and serialise
  const record: z.ZodType = schemas.record;
  const createBody: z.ZodType = schemas.create;
  const updateBody: z.ZodType = schemas.update;

  r.get(
    base,
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: `Page through ${entity}: cursor, quick search q, sort, filter (URL-encoded JSON), count=true for the total`,
        querystring: gridQuerySchema,
        response: { 200: gridPageOf(record) },
      },
    },
    async (req) => service.list(ctxOf(req), req.query),
  );

  r.get(
    `${base}/count`,
    {
      config: { access: 'records:read' },
      schema: { tags, summary: `How many ${entity} match q and filter`, querystring: gridCountQuerySchema, response: { 200: countSchema } },
    },
    async (req) => service.count(ctxOf(req), req.query),
  );

  r.get(
    `${base}/fields`,
    {
      config: { access: 'records:read' },
      schema: { tags, summary: `Columns the ${entity} grid can show, sort and filter`, response: { 200: gridFieldListSchema } },
    },
    async (req) => service.fields(ctxOf(req)),
  );

  r.get(
    `${base}/export`,
    {
      config: { access: 'records:export' },
      schema: {
        tags,
        summary: `Download ${entity} as CSV (UTF-8 with BOM): the grid q, filter and sort, chosen columns, or ids${notes.export}`,
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) => {
      const exp = await service.prepareExport(ctxOf(req), req.query);
      return sendCsv(reply, `${entity}-${new Date().toISOString().slice(0, 10)}.csv`, exp.header, (write) => exp.stream(write));
    },
  );

  r.post(
    base,
    {
      config: { access: 'records:write' },
      schema: { tags, summary: `Create a ${one}${notes.create}`, body: createBody, response: { 201: record } },
    },
    async (req, reply) => reply.code(201).send(await service.create(ctxOf(req), req.body as Out<C>)),
  );

  r.post(
    `${base}/merge`,
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: `Merge one ${one} into another, keeping the chosen values, ${notes.merge}notes and history`,
        body: mergeBodySchema,
        response: { 200: record },
      },
    },
    async (req) => service.merge(ctxOf(req), req.body),
  );

  r.post(
    `${base}/bulk/assign-owner`,
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: `Set the owner of the selected ${entity}, or of all matching q and filter`,
        body: bulkAssignOwnerBodySchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (req) => service.bulkAssignOwner(ctxOf(req), req.body.selection, req.body.ownerId),
  );

  r.post(
    `${base}/bulk/delete`,
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: `Delete the selected ${entity} (members: only their own; the rest are counted as skipped); all matching q and filter: 202 with a job to follow`,
        body: bulkDeleteBodySchema,
        response: { 200: bulkResultSchema, 202: recordBulkJobAcceptedSchema },
      },
    },
    async (req, reply) => {
      const { selection } = req.body;
      // a selection by filter may be any size: a background job (decision 0029)
      if ('matching' in selection) return reply.code(202).send(await service.startBulkJob(ctxOf(req), 'delete', selection.matching));
      return service.bulkDelete(ctxOf(req), selection);
    },
  );

  r.get(
    `${base}/values`,
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: `The values a low-cardinality field (country, seniority, owner, selects…) takes among the ${entity} matching q and filter, with counts`,
        querystring: fieldValuesQuerySchema,
        response: { 200: fieldValuesSchema },
      },
    },
    async (req) => service.values(ctxOf(req), req.query),
  );

  r.post(
    `${base}/bulk-update`,
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: `Set one standard or custom field (custom:<key>) on the selected ${entity} in one transaction (the editId undoes it); on all matching q and filter: 202 with a job to follow, whose editId undoes it once completed`,
        body: bulkUpdateBodySchema,
        response: { 200: bulkUpdateResultSchema, 202: recordBulkJobAcceptedSchema },
      },
    },
    async (req, reply) => {
      const { selection, field } = req.body;
      let { value } = req.body as { value: unknown };
      if (!field.startsWith('custom:')) {
        // a standard field's value is checked as the same field of an edit
        const parsed = (updateBody as z.ZodType<Record<string, unknown>>).safeParse({ [field]: value });
        if (!parsed.success) throw invalidFields(parsed.error.issues.map((i) => ({ path: 'value', message: i.message })));
        if (!(field in parsed.data)) throw invalidField('field', `"${field}" is not a field of ${entity}`);
        value = parsed.data[field];
      }
      // a selection by filter may be any size: a background job (decision 0029)
      if ('matching' in selection) return reply.code(202).send(await service.startBulkJob(ctxOf(req), 'update', selection.matching, { field, value }));
      return service.bulkUpdate(ctxOf(req), selection, field, value);
    },
  );

  r.get(
    `${base}/bulk-jobs/:id`,
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: `A bulk edit or delete of all matching ${entity}: its status and progress (done of total)`,
        params: idParamsSchema,
        response: { 200: recordBulkJobSchema },
      },
    },
    async (req) => service.bulkJob(ctxOf(req), req.params.id),
  );

  r.post(
    `${base}/bulk-update/:editId/undo`,
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: `Undo a bulk edit of ${entity}: every record it changed that still exists gets its previous value back; deleted or merged ones are counted as notRestored (once; its author, or an owner or admin)`,
        params: bulkUndoParamsSchema,
        response: { 200: bulkUndoResultSchema },
      },
    },
    async (req) => service.undoBulkUpdate(ctxOf(req), req.params.editId),
  );

  r.get(
    `${base}/:id`,
    {
      config: { access: 'records:read' },
      schema: { tags, summary: `One ${one}`, params: idParamsSchema, response: { 200: record } },
    },
    async (req) => service.get(ctxOf(req), req.params.id),
  );

  r.patch(
    `${base}/:id`,
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: `Change fields of a ${one} (each change goes on its timeline${notes.update})`,
        params: idParamsSchema,
        body: updateBody,
        response: { 200: record },
      },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body as Out<U>),
  );

  r.delete(
    `${base}/:id`,
    {
      config: { access: 'records:write' },
      schema: { tags, summary: `Delete a ${one} (members: only their own)${notes.delete}`, params: idParamsSchema, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.delete(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
