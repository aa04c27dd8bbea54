import type {
  BulkSelection,
  Member,
  MemberList,
  MemberDirectory,
  MemberUpdateBody,
  ReassignRecordsResult,
  Role,
  Seats,
} from '@leadtrail/contracts';
import { AppError, badRequest, conflict, forbidden, invalidField, notFound } from '../../lib/errors.js';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import type { AccountService } from '../account/account.service.js';
import type { WorkspaceService } from '../workspace/workspace.service.js';
import type { MembersRepository } from './members.repository.js';
import type { AuditService } from '../audit/audit.service.js';

/** The caller, as the members service needs it. */
export type MembersCtx = { workspaceId: string; memberId: string; userId: string; role: Role };

/** A module whose records have an owner (contacts, companies), built after this one. */
type RecordOwners = {
  /** Inside the caller's unit of work. */
  bulkAssignOwnerIn: (
    tx: Tx,
    ctx: RequestContext,
    selection: BulkSelection,
    ownerId: string | null,
  ) => Promise<{ affected: number }>;
};

type MemberRow = NonNullable<Awaited<ReturnType<MembersRepository['find']>>>;

const toDto = (m: MemberRow, ctx: { memberId: string }, creditsUsed = 0): Member => ({
  id: m.id,
  userId: m.userId,
  name: m.name,
  email: m.email,
  jobTitle: m.jobTitle,
  role: m.role,
  status: m.status,
  lastActiveAt: m.lastActiveAt ? m.lastActiveAt.toISOString() : null,
  createdAt: m.createdAt.toISOString(),
  // summed from the credit ledger by the credits module (the list asks for it)
  creditsUsedThisPeriod: creditsUsed,
  isYou: m.id === ctx.memberId,
});

const seats = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;
const morePeople = (n: number) => `${n} more ${n === 1 ? 'person' : 'people'}`;

/**
 * Why a plan's seats don't fit `wanted` more people, in words that agree with the counts:
 * "Your plan includes 3 seats and 1 is in use, so 2 more people can join, not 3."
 */
export function seatLimitMessage(limit: number, used: number, wanted = 1): string {
  const upgrade = 'Upgrade your plan in Settings → Plans to add more people.';
  if (used >= limit) {
    const inUse = limit === 1 ? 'it is in use' : `all ${limit} are in use`;
    return `Your plan includes ${seats(limit)}, and ${inUse} (members and pending invitations). ${upgrade}`;
  }
  const free = limit - used;
  return `Your plan includes ${seats(limit)} and ${used} ${used === 1 ? 'is' : 'are'} in use (members and pending invitations), so ${morePeople(free)} can join, not ${wanted}. Upgrade your plan in Settings → Plans to add more people, or invite at most ${free}.`;
}

/** The problem answered when a plan's seats are all taken (402: an upgrade lifts it). */
export const seatLimitProblem = (limit: number, used: number, wanted = 1) =>
  new AppError(402, 'seat_limit_reached', seatLimitMessage(limit, used, wanted), { seatLimit: limit, seatsUsed: used });

export function createMembersService(deps: {
  uow: UnitOfWork;
  repo: MembersRepository;
  account: AccountService;
  workspace: WorkspaceService;
  /** contacts and companies, whose records a member owns */
  recordOwners: { contacts: RecordOwners; companies: RecordOwners };
  /** credits spent per member this period (the credits module) */
  creditUsage: { memberUsageIn: (tx: Tx, workspaceId: string) => Promise<Map<string, number>> };
  audit: AuditService;
}) {
  const { uow, repo, account, workspace, recordOwners, creditUsage, audit } = deps;

  async function loadIn(tx: Tx, workspaceId: string, id: string, lock = false) {
    const row = lock ? await repo.lock(tx, workspaceId, id) : await repo.find(tx, workspaceId, id);
    if (!row) throw notFound('Member');
    return row;
  }

  /** Member rows locked in id order (concurrent changes of the same pair can't deadlock), by id. */
  async function lockAll(tx: Tx, workspaceId: string, ids: string[]) {
    const rows = new Map<string, Awaited<ReturnType<MembersRepository['lock']>>>();
    for (const id of [...new Set(ids)].sort()) rows.set(id, await repo.lock(tx, workspaceId, id));
    return rows;
  }

  async function seatsIn(tx: Tx, workspaceId: string): Promise<Seats> {
    const { used, activeMembers } = await repo.seats(tx, workspaceId);
    return { limit: await workspace.seatLimitIn(tx, workspaceId), used, activeMembers, pendingInvitations: used - activeMembers };
  }
  const seats = (workspaceId: string) => uow.tenant({ workspaceId }, (tx) => seatsIn(tx, workspaceId));

  const list = (ctx: MembersCtx) => uow.tenant(ctx, (tx) => repo.list(tx, ctx.workspaceId));

  return {
    seats,

    async list(ctx: MembersCtx): Promise<MemberList> {
      const { rows, used, taken } = await uow.tenant(ctx, async (tx) => ({
        rows: await repo.list(tx, ctx.workspaceId),
        used: await creditUsage.memberUsageIn(tx, ctx.workspaceId),
        taken: await seatsIn(tx, ctx.workspaceId),
      }));
      return { data: rows.map((m) => toDto(m, ctx, used.get(m.id) ?? 0)), nextCursor: null, seats: taken };
    },

    /** Names only, for owner pickers and owner columns: open to every member. */
    async directory(ctx: MembersCtx): Promise<MemberDirectory> {
      const rows = await list(ctx);
      return { data: rows.map((m) => ({ id: m.id, name: m.name, status: m.status })) };
    },

    get: async (ctx: MembersCtx, id: string) =>
      toDto(await uow.tenant(ctx, (tx) => loadIn(tx, ctx.workspaceId, id)), ctx),

    /** Whether the member is in the workspace, in the caller's unit of work (an import's owner option). */
    existsIn: async (tx: Tx, workspaceId: string, id: string) => (await repo.find(tx, workspaceId, id)) !== null,

    /**
     * Role and status changes, one unit of work. The owner is never changed here (ownership
     * is transferred); nobody changes themselves; an admin may raise a member up to admin but
     * can't change another admin. Deactivation ends the member's sessions and keys with it.
     */
    async update(ctx: RequestContext, id: string, body: MemberUpdateBody): Promise<Member> {
      const row = await uow.tenant(ctx, async (tx) => {
        // lock order: the workspace's seats, then the member row
        const used = body.status === 'active' ? await repo.lockSeats(tx, ctx.workspaceId) : 0;
        const limit = await workspace.seatLimitIn(tx, ctx.workspaceId);
        const target = await loadIn(tx, ctx.workspaceId, id, true);
        if (body.role === 'owner') {
          throw badRequest(
            'ownership_transfer_required',
            'To make someone the owner, use Transfer ownership (the owner confirms with their password).',
          );
        }
        if (target.role === 'owner') {
          throw new AppError(
            409,
            'owner_protected',
            "The owner's role and status can't be changed. The owner can transfer ownership to someone else first.",
          );
        }
        if (target.id === ctx.memberId) throw conflict("You can't change your own role or deactivate yourself.");
        if (ctx.role !== 'owner' && target.role === 'admin')
          throw forbidden('Only the owner can change or deactivate another admin.');

        const memberTarget = { type: 'member', id, label: target.name };
        if (body.role && body.role !== target.role) {
          await repo.setRole(tx, ctx.workspaceId, id, body.role);
          account.credentialsChangedIn(tx);
          await audit.recordIn(tx, ctx, { action: 'member.role_changed', target: memberTarget, details: { from: target.role, to: body.role } });
        }
        if (body.status && body.status !== target.status) {
          if (body.status === 'deactivated') {
            await repo.setStatus(tx, ctx.workspaceId, id, 'deactivated');
            account.credentialsChangedIn(tx);
            await account.revokeWorkspaceCredentialsIn(tx, target.userId, ctx.workspaceId);
            await audit.recordIn(tx, ctx, { action: 'member.deactivated', target: memberTarget });
          } else {
            if (used + 1 > limit) throw seatLimitProblem(limit, used);
            await repo.setStatus(tx, ctx.workspaceId, id, 'active');
            account.credentialsChangedIn(tx);
          }
        }
        return loadIn(tx, ctx.workspaceId, id);
      });
      return toDto(row, ctx);
    },

    /**
     * Owner only, password re-entered; the previous owner stays on as an admin. One unit of
     * work: both member rows are locked (in id order) and both roles change or neither does.
     */
    async transferOwnership(ctx: RequestContext, id: string, password: string): Promise<Member> {
      if (ctx.role !== 'owner') throw forbidden('Only the owner can transfer ownership');
      const row = await uow.tenant(ctx, async (tx) => {
        const locked = await lockAll(tx, ctx.workspaceId, [ctx.memberId, id]);
        const target = locked.get(id);
        const self = locked.get(ctx.memberId);
        if (!target || !self) throw notFound('Member');
        if (target.id === ctx.memberId) throw conflict('You are already the owner');
        if (target.status !== 'active') throw conflict('Reactivate this member before making them the owner');
        if (self.role !== 'owner')
          throw conflict('Ownership could not be transferred: the owner changed meanwhile. Reload and try again.');
        if (!(await account.checkPasswordIn(tx, ctx.userId, password)))
          throw invalidField('password', 'Incorrect password');
        await repo.setRole(tx, ctx.workspaceId, ctx.memberId, 'admin');
        await repo.setRole(tx, ctx.workspaceId, id, 'owner');
        account.credentialsChangedIn(tx);
        await audit.recordIn(tx, ctx, {
          action: 'member.role_changed',
          target: { type: 'member', id, label: target.name },
          details: { from: target.role, to: 'owner', transfer: true, previousOwnerNowAdmin: ctx.memberId },
        });
        return loadIn(tx, ctx.workspaceId, id);
      });
      return toDto(row, ctx);
    },

    /**
     * Every contact and company owned by one member now belongs to another, active one: one
     * unit of work (both member rows locked in id order, then contacts, then companies).
     */
    async reassignRecords(ctx: RequestContext, fromId: string, toId: string): Promise<ReassignRecordsResult> {
      const owners = recordOwners;
      return uow.tenant(ctx, async (tx) => {
        const locked = await lockAll(tx, ctx.workspaceId, [fromId, toId]);
        const from = locked.get(fromId);
        if (!from) throw notFound('Member');
        const to = locked.get(toId);
        if (!to) throw invalidField('toMemberId', 'Choose a member of this workspace');
        if (to.status !== 'active') throw invalidField('toMemberId', 'Choose an active member');
        if (to.id === from.id) throw invalidField('toMemberId', 'Choose another member than the current owner');
        const selection: BulkSelection = { matching: { filter: { field: 'ownerId', op: 'is', value: from.id } } };
        const contacts = await owners.contacts.bulkAssignOwnerIn(tx, ctx, selection, to.id);
        const companies = await owners.companies.bulkAssignOwnerIn(tx, ctx, selection, to.id);
        return { contacts: contacts.affected, companies: companies.affected };
      });
    },

    /** For the invitations module, inside its unit of work. */
    findByEmailIn: (tx: Tx, workspaceId: string, email: string) => repo.findByEmail(tx, workspaceId, email),
    addIn: (tx: Tx, workspaceId: string, userId: string, role: 'admin' | 'member') =>
      repo.add(tx, workspaceId, userId, role),
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
