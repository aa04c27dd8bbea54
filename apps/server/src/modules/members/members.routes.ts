import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  memberDirectorySchema,
  memberListSchema,
  memberSchema,
  memberUpdateBodySchema,
  reassignRecordsBodySchema,
  reassignRecordsResultSchema,
  transferOwnershipBodySchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { MembersService } from './members.service.js';

export async function membersRoutes(app: FastifyInstance, opts: { service: MembersService; rateLimit: number }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['members'];

  r.get(
    '/api/v1/members',
    {
      config: { access: 'settings:manage' },
      schema: { tags, summary: "The workspace's members, with the seats in use", response: { 200: memberListSchema } },
    },
    async (req) => service.list(ctxOf(req)),
  );

  r.get(
    '/api/v1/members/directory',
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: "Every member's name and status, for owner pickers",
        response: { 200: memberDirectorySchema },
      },
    },
    async (req) => service.directory(ctxOf(req)),
  );

  r.get(
    '/api/v1/members/:id',
    {
      config: { access: 'settings:manage' },
      schema: { tags, summary: 'One member', params: idParamsSchema, response: { 200: memberSchema } },
    },
    async (req) => service.get(ctxOf(req), req.params.id),
  );

  r.patch(
    '/api/v1/members/:id',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: "Change a member's role (admin or member) or status (active or deactivated)",
        params: idParamsSchema,
        body: memberUpdateBodySchema,
        response: { 200: memberSchema },
      },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  r.post(
    '/api/v1/members/:id/transfer-ownership',
    {
      config: { access: 'workspace:own', rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Make this member the owner (owner only, password required); the previous owner becomes an admin',
        params: idParamsSchema,
        body: transferOwnershipBodySchema,
        response: { 200: memberSchema },
      },
    },
    async (req) => service.transferOwnership(ctxOf(req), req.params.id, req.body.password),
  );

  r.post(
    '/api/v1/members/:id/reassign-records',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: "Hand all of this member's contacts and companies to another active member",
        params: idParamsSchema,
        body: reassignRecordsBodySchema,
        response: { 200: reassignRecordsResultSchema },
      },
    },
    async (req) => service.reassignRecords(ctxOf(req), req.params.id, req.body.toMemberId),
  );
}
