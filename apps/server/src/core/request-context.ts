import type { Permission, Role } from '@leadtrail/contracts';
import { rolePermissions } from '@leadtrail/contracts';

/**
 * Who a use case acts for. Built once per request by the auth plugin from a session or an
 * API key, or by a job for the member who started the work (`via: 'job'`) or for the system.
 * Services receive it; nothing in it is HTTP.
 */
export type RequestContext = {
  userId: string;
  workspaceId: string;
  memberId: string;
  role: Role;
  permissions: readonly Permission[];
  via: 'session' | 'api-key' | 'job';
  sessionId: string | null;
  /** The API key behind an 'api-key' request (the audit log's actor). */
  apiKeyId?: string | null;
  /** Where the request came from, for the audit log; absent for jobs. */
  ip?: string | null;
  userAgent?: string | null;
};

/** The context of a job acting for the member who started it (an import, a bulk reveal). */
export function jobContext(member: { userId: string; workspaceId: string; memberId: string; role: Role }): RequestContext {
  return { ...member, permissions: rolePermissions[member.role], via: 'job', sessionId: null };
}
