import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyCreateBodySchema,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  emailChangeBodySchema,
  emailChangeConfirmBodySchema,
  emailChangeConfirmResultSchema,
  idParamsSchema,
  meSchema,
  messageSchema,
  passwordChangeBodySchema,
  profileSchema,
  profileUpdateBodySchema,
  recoveryCodesSchema,
  revokedCountSchema,
  sessionListSchema,
  switchWorkspaceBodySchema,
  totpConfirmBodySchema,
  totpEnableBodySchema,
  totpSetupSchema,
} from '@leadtrail/contracts';
import { AppError } from '../../lib/errors.js';
import { ctxOf } from '../../core/route-access.js';
import type { AccountService } from './account.service.js';

declare module 'fastify' {
  // module augmentation needs interfaces
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** Refused to API keys: a leaked key must not change the password, 2FA, sessions or mint keys. */
    sessionOnly?: boolean;
  }
}

export type AccountRoutesOptions = { service: AccountService; rateLimit: number };

export async function accountRoutes(app: FastifyInstance, opts: AccountRoutesOptions) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // routes that check a re-entered password or a code
  const limited = { max: opts.rateLimit, timeWindow: '1 minute' };
  const tags = ['account'];

  // runs after the auth plugin's hook (also onRequest, registered at the root) has resolved the caller
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config.sessionOnly && req.ctx && req.ctx.via !== 'session') {
      throw new AppError(
        403,
        'session_required',
        'This can only be done while signed in from a browser, not with an API key',
      );
    }
  });

  r.get(
    '/api/v1/me/profile',
    { config: { access: 'signed-in' }, schema: { tags, summary: 'My profile', response: { 200: profileSchema } } },
    async (req) => service.profile(ctxOf(req)),
  );

  r.patch(
    '/api/v1/me/profile',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Change my name, job title, phone or time zone',
        body: profileUpdateBodySchema,
        response: { 200: profileSchema },
      },
    },
    async (req) => service.updateProfile(ctxOf(req), req.body),
  );

  r.post(
    '/api/v1/me/email',
    {
      config: { access: 'signed-in', sessionOnly: true, rateLimit: limited },
      schema: {
        tags,
        summary: 'Change my email: sends a confirmation link to the new address (password required)',
        body: emailChangeBodySchema,
        response: { 202: messageSchema },
      },
    },
    async (req, reply) => {
      await service.requestEmailChange(ctxOf(req), req.body);
      return reply.code(202).send({
        message: `We sent a confirmation link to ${req.body.newEmail.trim().toLowerCase()}. Your email changes once you follow it.`,
      });
    },
  );

  r.post(
    '/api/v1/me/email/confirm',
    {
      // the emailed token is the proof; it may be opened in another browser
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags,
        summary: 'Confirm a change of email from the emailed link',
        body: emailChangeConfirmBodySchema,
        response: { 200: emailChangeConfirmResultSchema },
      },
    },
    async (req) => service.confirmEmailChange(req.body.token),
  );

  r.post(
    '/api/v1/me/password',
    {
      config: { access: 'signed-in', sessionOnly: true, rateLimit: limited },
      schema: {
        tags,
        summary: 'Change my password (current password required; my other sessions are signed out)',
        body: passwordChangeBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await service.changePassword(ctxOf(req), req.body);
      return { message: 'Your password has been changed. Your other sessions were signed out.' };
    },
  );

  r.post(
    '/api/v1/me/totp/setup',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: secret, otpauth URL and QR code',
        response: { 200: totpSetupSchema },
      },
    },
    async (req) => service.totpSetup(ctxOf(req)),
  );

  r.post(
    '/api/v1/me/totp/enable',
    {
      config: { access: 'signed-in', sessionOnly: true, rateLimit: limited },
      schema: {
        tags,
        summary: 'Turn on 2FA with a code from the app; answers ten recovery codes, shown once',
        body: totpEnableBodySchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (req) => service.totpEnable(ctxOf(req), req.body.code),
  );

  r.post(
    '/api/v1/me/totp/disable',
    {
      config: { access: 'signed-in', sessionOnly: true, rateLimit: limited },
      schema: {
        tags,
        summary: 'Turn off 2FA (password and a code required)',
        body: totpConfirmBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await service.totpDisable(ctxOf(req), req.body);
      return { message: 'Two-factor authentication is off.' };
    },
  );

  r.post(
    '/api/v1/me/totp/recovery-codes',
    {
      config: { access: 'signed-in', sessionOnly: true, rateLimit: limited },
      schema: {
        tags,
        summary: 'Replace my recovery codes (password and a code required); the old ones stop working',
        body: totpConfirmBodySchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (req) => service.regenerateRecoveryCodes(ctxOf(req), req.body),
  );

  r.get(
    '/api/v1/me/sessions',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'My active sessions', response: { 200: sessionListSchema } },
    },
    async (req) => ({ data: await service.sessions(ctxOf(req)) }),
  );

  r.delete(
    '/api/v1/me/sessions/:id',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: { tags, summary: 'Sign out one of my sessions', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.revokeSession(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/v1/me/sessions/revoke-others',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: { tags, summary: 'Sign out all my other sessions', response: { 200: revokedCountSchema } },
    },
    async (req) => ({ revoked: await service.revokeOtherSessions(ctxOf(req)) }),
  );

  r.get(
    '/api/v1/me/api-keys',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'My API keys in this workspace', response: { 200: apiKeyListSchema } },
    },
    async (req) => ({ data: await service.apiKeys(ctxOf(req)) }),
  );

  r.post(
    '/api/v1/me/api-keys',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: {
        tags,
        summary: 'Create an API key (the key is in this answer only)',
        body: apiKeyCreateBodySchema,
        response: { 201: apiKeyCreatedSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createApiKey(ctxOf(req), req.body.name)),
  );

  r.delete(
    '/api/v1/me/api-keys/:id',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: { tags, summary: 'Revoke an API key', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.revokeApiKey(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/v1/me/workspace',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: {
        tags,
        summary: 'Switch this session to another workspace I belong to',
        body: switchWorkspaceBodySchema,
        response: { 200: meSchema },
      },
    },
    async (req) => service.switchWorkspace(ctxOf(req), req.body.workspaceId),
  );
}
