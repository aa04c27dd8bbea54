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
import type { AccountService } from '../account/account.service.js';
import type { WorkspaceService } from '../workspace/workspace.service.js';
import type { MembersRepository } from './members.repository.js';

/** The caller, as the members service needs it. */
export type MembersCtx = { workspaceId: string; memberId: string; userId: string; role: Role };

/** A module whose records have an owner (contacts, companies), built after this one. */
type RecordOwners = {
  bulkAssignOwner: (
    ctx: RequestContext,
    selection: BulkSelection,
    ownerId: string | null,
  ) => Promise<{ affected: number }>;
};

type MemberRow = NonNullable<Awaited<ReturnType<MembersRepository['find']>>>;

const toDto = (m: MemberRow, ctx: { memberId: string }): Member => ({
  id: m.id,
  userId: m.userId,
  name: m.name,
  email: m.email,
  jobTitle: m.jobTitle,
  role: m.role,
  status: m.status,
  lastActiveAt: m.lastActiveAt ? m.lastActiveAt.toISOString() : null,
  createdAt: m.createdAt.toISOString(),
  // credits arrive with billing; until then nobody has spent any
  creditsUsedThisPeriod: 0,
  isYou: m.id === ctx.memberId,
});

/** The problem answered when a plan's seats are all taken (402: an upgrade lifts it). */
export const seatLimitProblem = (limit: number, used: number) =>
  new AppError(
    402,
    'seat_limit_reached',
    `Your plan includes ${limit} seats and ${used} are in use (active members and pending invitations). Upgrade your plan in Settings → Plans to add more people.`,
    { seatLimit: limit, seatsUsed: used },
  );

export function createMembersService(deps: {
  repo: MembersRepository;
  account: AccountService;
  workspace: WorkspaceService;
}) {
  const { repo, account, workspace } = deps;
  let owners: { contacts: RecordOwners; companies: RecordOwners } | null = null;

  async function load(workspaceId: string, id: string) {
    const row = await repo.find(workspaceId, id);
    if (!row) throw notFound('Member');
    return row;
  }

  async function seats(workspaceId: string): Promise<Seats> {
    const { used, activeMembers } = await repo.seats(workspaceId);
    return { limit: workspace.seatLimit(workspaceId), used, activeMembers, pendingInvitations: used - activeMembers };
  }

  return {
    seats,

    async list(ctx: MembersCtx): Promise<MemberList> {
      const rows = await repo.list(ctx.workspaceId);
      return { data: rows.map((m) => toDto(m, ctx)), nextCursor: null, seats: await seats(ctx.workspaceId) };
    },

    /** Names only, for owner pickers and owner columns: open to every member. */
    async directory(ctx: MembersCtx): Promise<MemberDirectory> {
      const rows = await repo.list(ctx.workspaceId);
      return { data: rows.map((m) => ({ id: m.id, name: m.name, status: m.status })) };
    },

    get: async (ctx: MembersCtx, id: string) => toDto(await load(ctx.workspaceId, id), ctx),

    /**
     * Role and status changes. The owner is never changed here (ownership is
     * transferred); nobody changes themselves; an admin may raise a member up to
     * admin but can't change another admin.
     */
    async update(ctx: MembersCtx, id: string, body: MemberUpdateBody): Promise<Member> {
      const target = await load(ctx.workspaceId, id);
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

      if (body.role && body.role !== target.role) await repo.setRole(ctx.workspaceId, id, body.role);
      if (body.status && body.status !== target.status) {
        if (body.status === 'deactivated') {
          await repo.deactivate(ctx.workspaceId, id);
          await account.revokeWorkspaceCredentials(target.userId, ctx.workspaceId);
        } else {
          const limit = workspace.seatLimit(ctx.workspaceId);
          const result = await repo.reactivate(ctx.workspaceId, id, limit);
          if (!result.ok) throw seatLimitProblem(limit, result.used);
        }
      }
      return toDto(await load(ctx.workspaceId, id), ctx);
    },

    /** Owner only, password re-entered; the previous owner stays on as an admin. */
    async transferOwnership(ctx: MembersCtx, id: string, password: string): Promise<Member> {
      if (ctx.role !== 'owner') throw forbidden('Only the owner can transfer ownership');
      const target = await load(ctx.workspaceId, id);
      if (target.id === ctx.memberId) throw conflict('You are already the owner');
      if (target.status !== 'active') throw conflict('Reactivate this member before making them the owner');
      if (!(await account.checkPassword(ctx.userId, password))) throw invalidField('password', 'Incorrect password');
      if (!(await repo.transferOwnership(ctx.workspaceId, ctx.memberId, id))) {
        throw conflict(
          'Ownership could not be transferred: the member or the owner changed meanwhile. Reload and try again.',
        );
      }
      return toDto(await load(ctx.workspaceId, id), ctx);
    },

    /** Called once the record modules exist (they are built after this one). */
    attachRecordOwners(modules: { contacts: RecordOwners; companies: RecordOwners }) {
      owners = modules;
    },

    /** Every contact and company owned by one member now belongs to another, active one. */
    async reassignRecords(ctx: RequestContext, fromId: string, toId: string): Promise<ReassignRecordsResult> {
      const from = await load(ctx.workspaceId, fromId);
      const to = await repo.find(ctx.workspaceId, toId);
      if (!to) throw invalidField('toMemberId', 'Choose a member of this workspace');
      if (to.status !== 'active') throw invalidField('toMemberId', 'Choose an active member');
      if (to.id === from.id) throw invalidField('toMemberId', 'Choose another member than the current owner');
      if (!owners) throw new AppError(503, 'unavailable', 'Records cannot be reassigned right now');
      const selection: BulkSelection = { matching: { filter: { field: 'ownerId', op: 'is', value: from.id } } };
      const contacts = await owners.contacts.bulkAssignOwner(ctx, selection, to.id);
      const companies = await owners.companies.bulkAssignOwner(ctx, selection, to.id);
      return { contacts: contacts.affected, companies: companies.affected };
    },

    /** For the invitations module. */
    findByEmail: (workspaceId: string, email: string) => repo.findByEmail(workspaceId, email),
    add: (workspaceId: string, userId: string, role: 'admin' | 'member') => repo.add(workspaceId, userId, role),
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
