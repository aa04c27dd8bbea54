import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationBodySchema,
  idParamsSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  inviteBodySchema,
  inviteResultSchema,
  meSchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import { writeSessionCookie } from '../auth/auth.routes.js';
import type { Caller, InvitationsService } from './invitations.service.js';

export type InvitationsRoutesOptions = { service: InvitationsService; secureCookies: boolean; rateLimit: number };

/** A signed-in browser on a public route (API keys don't accept invitations). */
const callerOf = (req: FastifyRequest): Caller | null =>
  req.ctx && req.ctx.via === 'session'
    ? { userId: req.ctx.userId, workspaceId: req.ctx.workspaceId, sessionId: req.ctx.sessionId }
    : null;

export async function invitationsRoutes(app: FastifyInstance, opts: InvitationsRoutesOptions) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];
  const limited = { max: opts.rateLimit, timeWindow: '1 minute' };

  r.get(
    '/api/v1/invitations',
    {
      config: { access: 'settings:manage' },
      schema: { tags, summary: 'Open invitations (pending or expired)', response: { 200: invitationListSchema } },
    },
    async (req) => service.list(ctxOf(req)),
  );

  r.post(
    '/api/v1/invitations',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: 'Invite one (`email`) or several (`emails`) people with a role; each gets an emailed link',
        body: inviteBodySchema,
        response: { 201: inviteResultSchema },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await service.invite(ctxOf(req), req.body) }),
  );

  r.post(
    '/api/v1/invitations/:id/resend',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: 'Send a new link (valid 7 days); the previous link stops working',
        params: idParamsSchema,
        response: { 200: invitationSchema },
      },
    },
    async (req) => service.resend(ctxOf(req), req.params.id),
  );

  r.delete(
    '/api/v1/invitations/:id',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: 'Revoke an invitation (its link stops working)',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.revoke(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/v1/invitations/:id',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags,
        summary: 'Public preview of an invitation link: workspace, inviter, email, role and state',
        params: invitationTokenParamsSchema,
        response: { 200: invitationPreviewSchema },
      },
    },
    async (req) => service.preview(req.params.id, callerOf(req)),
  );

  r.post(
    '/api/v1/invitations/:id/accept',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags,
        summary: 'Accept: signed in with the invited email, or as a new person with name and password (then signed in)',
        params: invitationTokenParamsSchema,
        body: acceptInvitationBodySchema,
        response: { 200: meSchema, 201: meSchema },
      },
    },
    async (req, reply) => {
      const { me, session } = await service.accept(req.params.id, req.body ?? {}, callerOf(req), {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      });
      if (session) {
        writeSessionCookie(reply, session, opts.secureCookies);
        return reply.code(201).send(me);
      }
      return reply.code(200).send(me);
    },
  );
}
