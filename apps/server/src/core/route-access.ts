import type { FastifyRequest } from 'fastify';
import type { Permission } from '@leadtrail/contracts';
import { unauthorized } from '../lib/errors.js';
import type { RequestContext } from './request-context.js';

export const SESSION_COOKIE = 'lt_session';
export const SESSION_IDLE_DAYS = 14;

/**
 * The access rule every /api route declares next to itself:
 * 'public' (no session), 'signed-in' (any active member) or a permission.
 */
export type Access = 'public' | 'signed-in' | Permission;

declare module 'fastify' {
  // module augmentation needs interfaces
  /* eslint-disable @typescript-eslint/consistent-type-definitions */
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
  /* eslint-enable @typescript-eslint/consistent-type-definitions */
}

/** The caller's context on a route that requires one (never null past the auth hook). */
export function ctxOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw unauthorized();
  return request.ctx;
}

