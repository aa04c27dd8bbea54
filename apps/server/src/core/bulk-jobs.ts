import { can, type BulkJobStopReason, type Permission, type Role } from '@leadtrail/contracts';
import type { RequestContext } from './request-context.js';

/**
 * The rules every bulk job that spends a member's credits follows (a bulk reveal, an import's
 * enrichment, a verification job): it acts for its starter, so it stops at its next batch once
 * the starter is deactivated (or gone) or their role lacks the job's permission; and it can be
 * cancelled by the starter or by an owner or admin. Decision 0027.
 */

/** The member a job acts for, as the members table has them now (null: no such member). */
export type JobStarter = { role: Role; status: 'active' | 'deactivated' } | null;

/** Why the job must stop before its next batch, or null when its starter may still run it. */
export function starterStop(starter: JobStarter, permission: Permission): Exclude<BulkJobStopReason, 'cancelled'> | null {
  if (!starter || starter.status !== 'active') return 'starter_deactivated';
  if (!can(starter.role, permission)) return 'starter_role';
  return null;
}

/** The starter cancels their own job; owners and admins anyone's. */
export const mayCancel = (ctx: Pick<RequestContext, 'memberId' | 'role'>, starterMemberId: string): boolean =>
  ctx.memberId === starterMemberId || ctx.role === 'owner' || ctx.role === 'admin';
