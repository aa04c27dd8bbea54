import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginBodySchema,
  meSchema,
  messageSchema,
  passwordResetBodySchema,
  passwordResetCheckBodySchema,
  passwordResetCheckSchema,
  passwordResetConfirmBodySchema,
  registerBodySchema,
  registerConfirmBodySchema,
} from '@leadtrail/contracts';
import { ctxOf, SESSION_COOKIE } from '../../core/route-access.js';
import type { AuthService, NewSession } from './auth.service.js';

/** Sets the session cookie (also used where an invitation signs a new person in). */
export function writeSessionCookie(reply: FastifyReply, s: NewSession, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, s.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: s.expiresAt,
  });
}

/**
 * The browser's device cookie (decision 0028): set at each sign-in, sent back to the auth
 * routes only, where it lets a sign-in through the address's lock.
 */
export const DEVICE_COOKIE = 'lt_device';

export type AuthRoutesOptions = { service: AuthService; secureCookies: boolean; rateLimit: number };

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { max: opts.rateLimit, timeWindow: '1 minute' };
  const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });

  const setSession = async (req: FastifyRequest, reply: FastifyReply, s: NewSession) => {
    // rotate: the session the browser had before is ended
    const previous = req.cookies[SESSION_COOKIE];
    if (previous) await service.logout(previous);
    writeSessionCookie(reply, s, opts.secureCookies);
  };

  r.post(
    '/api/v1/auth/register',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Ask for an account and its workspace: a link to finish is emailed (the same answer for any address)',
        body: registerBodySchema,
        response: { 202: messageSchema },
      },
    },
    async (req, reply) => {
      await service.register(req.body);
      return reply.code(202).send({
        message: `Check your inbox: we sent a link to ${req.body.email.toLowerCase()} to finish creating your account.`,
      });
    },
  );

  r.post(
    '/api/v1/auth/register/confirm',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Follow the emailed sign-up link: creates the account and its workspace, and signs in',
        body: registerConfirmBodySchema,
        response: { 201: meSchema },
      },
    },
    async (req, reply) => {
      const { session, me } = await service.confirmRegistration(req.body.token, client(req));
      await setSession(req, reply, session);
      return reply.code(201).send(me);
    },
  );

  r.post(
    '/api/v1/auth/login',
    {
      config: { access: 'public', rateLimit: limited },
      schema: { tags: ['auth'], summary: 'Sign in', body: loginBodySchema, response: { 200: meSchema } },
    },
    async (req, reply) => {
      const { session, device } = await service.login(req.body, client(req), req.cookies[DEVICE_COOKIE]);
      await setSession(req, reply, session);
      reply.setCookie(DEVICE_COOKIE, device.token, {
        path: '/api/v1/auth',
        httpOnly: true,
        sameSite: 'strict',
        secure: opts.secureCookies,
        expires: device.expiresAt,
      });
      return service.me(session);
    },
  );

  r.post(
    '/api/v1/auth/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Sign out', response: { 204: z.null() } } },
    async (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      if (token) await service.logout(token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/v1/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, workspace, role and permissions',
        response: { 200: meSchema },
      },
    },
    async (req) => service.me(ctxOf(req)),
  );

  r.post(
    '/api/v1/auth/password-reset',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link',
        body: passwordResetBodySchema,
        response: { 202: messageSchema },
      },
    },
    async (req, reply) => {
      await service.requestPasswordReset(req.body.email);
      return reply
        .code(202)
        .send({ message: 'If an account exists for this email, we sent a link to reset the password.' });
    },
  );

  r.post(
    '/api/v1/auth/password-reset/check',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Whether an emailed reset link still works (nothing is spent)',
        body: passwordResetCheckBodySchema,
        response: { 200: passwordResetCheckSchema },
      },
    },
    async (req) => ({ valid: await service.checkPasswordReset(req.body.token) }),
  );

  r.post(
    '/api/v1/auth/password-reset/confirm',
    {
      config: { access: 'public', rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from an emailed link',
        body: passwordResetConfirmBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await service.confirmPasswordReset(req.body.token, req.body.password);
      return { message: 'Your password has been changed. Sign in with the new password.' };
    },
  );
}
