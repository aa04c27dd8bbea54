import type {
  AcceptInvitationBody,
  Invitation,
  InvitationPreview,
  InvitationState,
  InviteBody,
  Me,
} from '@leadtrail/contracts';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { emailDomain, normalizeEmail } from '../../lib/normalize.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AccountService } from '../account/account.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { RequestContext } from '../../core/request-context.js';
import type { AuthService, NewSession } from '../auth/auth.service.js';
import type { MembersService } from '../members/members.service.js';
import { seatLimitProblem } from '../members/members.service.js';
import type { WorkspaceService } from '../workspace/workspace.service.js';
import type { InvitationRow, InvitationsRepository, InvitationWithInviter } from './invitations.repository.js';

export const INVITATION_TTL_MS = 7 * 86_400_000;
const RESEND_INTERVAL_MS = 60_000;

export type InvitationsCtx = { workspaceId: string; userId: string };
/** Someone opening an invitation link while signed in (with a browser session). */
export type Caller = { userId: string; workspaceId: string; sessionId: string | null };
type ClientInfo = { ip: string; userAgent: string | null };

const stateOf = (i: InvitationRow): InvitationState =>
  i.revokedAt ? 'revoked' : i.acceptedAt ? 'accepted' : i.expiresAt.getTime() <= Date.now() ? 'expired' : 'pending';

const toDto = (i: InvitationWithInviter): Invitation => ({
  id: i.id,
  email: i.email,
  role: i.role,
  state: stateOf(i),
  invitedBy: i.invitedByUserId && i.inviterName ? { id: i.invitedByUserId, name: i.inviterName } : null,
  expiresAt: i.expiresAt.toISOString(),
  lastSentAt: i.lastSentAt.toISOString(),
  createdAt: i.createdAt.toISOString(),
});

const unusable: Record<Exclude<InvitationState, 'pending'>, [string, string]> = {
  expired: ['invitation_expired', 'This invitation has expired. Ask the person who invited you to send a new one.'],
  revoked: ['invitation_revoked', 'This invitation was withdrawn. Ask the workspace admin if you should still join.'],
  accepted: ['invitation_used', 'This invitation was already used. Sign in to reach the workspace.'],
};
const gone = (state: Exclude<InvitationState, 'pending'>) => new AppError(410, unusable[state][0], unusable[state][1]);

const accountExists = (email: string) =>
  new AppError(
    409,
    'account_exists',
    `${email} already has a Leadtrail account. Sign in with it to accept the invitation.`,
  );

export function createInvitationsService(deps: {
  uow: UnitOfWork;
  repo: InvitationsRepository;
  members: MembersService;
  workspace: WorkspaceService;
  account: AccountService;
  auth: AuthService;
  mailer: Mailer;
  appUrl: string;
  log?: (msg: string, err: unknown) => void;
  audit: AuditService;
}) {
  const { uow, repo, members, workspace, account, auth, mailer, appUrl, audit } = deps;
  const invitationTarget = (r: { id: string; email: string }) => ({ type: 'invitation', id: r.id, label: r.email });

  /**
   * The invitation's mail, in the use case's unit of work: it goes once the invitation is
   * committed (a link never points at one rolled back); a failed delivery is logged by the
   * mailer, and the invitation can be resent from Settings → Users.
   */
  async function sendInvitationIn(
    tx: Tx,
    to: string,
    token: string,
    info: { workspaceName: string; inviterName: string; role: string },
  ) {
    const link = `${appUrl}/user-invite/${token}`;
    const article = info.role === 'admin' ? 'an admin' : 'a member';
    await mailer.sendIn(tx, {
      to,
      subject: `${info.inviterName} invited you to ${info.workspaceName} on Leadtrail`,
      text: `Hello,\n\n${info.inviterName} invited you to join ${info.workspaceName} on Leadtrail as ${article}.\n\nAccept the invitation here (the link works once and expires in 7 days):\n\n${link}\n\nIf you weren't expecting this, you can ignore this email.`,
    });
  }

  /**
   * The invitation a link names (looked up before any workspace is known), then `fn` in its
   * workspace: one transaction. 404 when the link names none.
   */
  async function withInvitation<T>(token: string, fn: (tx: Tx, inv: InvitationWithInviter) => Promise<T>): Promise<T> {
    const out = await uow.resolve(
      (tx) => repo.resolveToken(tx, hashToken(token)),
      async (tx, ref) => {
        const inv = await repo.find(tx, ref.workspaceId, ref.invitationId);
        return inv ? { value: await fn(tx, inv) } : null;
      },
    );
    if (!out) throw notFound('Invitation');
    return out.value;
  }

  return {
    async list(ctx: InvitationsCtx) {
      const rows = await uow.tenant(ctx, (tx) => repo.listOpen(tx, ctx.workspaceId));
      return { data: rows.map(toDto), nextCursor: null };
    },

    /** Invites one or several addresses with a role: all of them or, on any problem, none. */
    async invite(ctx: RequestContext, body: InviteBody): Promise<Invitation[]> {
      const given: { email: string; path: string }[] = [];
      if (body.email !== undefined) given.push({ email: body.email, path: 'email' });
      body.emails?.forEach((email, i) => given.push({ email, path: `emails.${i}` }));
      const seen = new Set<string>();
      const wanted: { email: string; path: string }[] = [];
      for (const g of given) {
        const email = normalizeEmail(g.email)!;
        if (!seen.has(email)) wanted.push({ email, path: g.path });
        seen.add(email);
      }
      const tokens = wanted.map(() => newToken());

      return uow.tenant(ctx, async (tx) => {
        // the seat lock first: two invites can't both take the last seat
        const used = await repo.lockSeats(tx, ctx.workspaceId);
        const limit = await workspace.seatLimitIn(tx, ctx.workspaceId);
        const settings = await workspace.settingsIn(tx, ctx.workspaceId);
        const open = await repo.findOpenByEmails(
          tx,
          ctx.workspaceId,
          wanted.map((w) => w.email),
        );
        const errors: { path: string; message: string }[] = [];
        for (const w of wanted) {
          if (settings.restrictInvitesToDomain && settings.domain && emailDomain(w.email) !== settings.domain) {
            errors.push({
              path: w.path,
              message: `Only addresses at ${settings.domain} can be invited to this workspace`,
            });
            continue;
          }
          const member = await members.findByEmailIn(tx, ctx.workspaceId, w.email);
          if (member) {
            errors.push({
              path: w.path,
              message:
                member.status === 'active'
                  ? `${w.email} is already a member of this workspace`
                  : `${w.email} is a deactivated member: reactivate them instead`,
            });
            continue;
          }
          const pending = open.find((o) => o.email === w.email && o.expiresAt.getTime() > Date.now());
          if (pending)
            errors.push({ path: w.path, message: `${w.email} already has a pending invitation: resend it instead` });
        }
        if (errors.length > 0) {
          throw new AppError(
            400,
            'validation_failed',
            errors.length === 1 ? errors[0]!.message : "Some addresses can't be invited",
            { errors },
          );
        }
        if (used + wanted.length > limit) throw seatLimitProblem(limit, used, wanted.length);
        const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
        const rows: InvitationWithInviter[] = [];
        for (const [i, w] of wanted.entries()) {
          const id = await repo.createOrRenew(tx, ctx.workspaceId, {
            email: w.email,
            tokenHash: hashToken(tokens[i]!),
            role: body.role,
            invitedByUserId: ctx.userId,
            expiresAt,
          });
          const row = (await repo.find(tx, ctx.workspaceId, id))!;
          rows.push(row);
          await audit.recordIn(tx, ctx, { action: 'invitation.sent', target: invitationTarget(row), details: { role: body.role } });
        }
        const inviterName = rows[0]?.inviterName ?? 'A teammate';
        for (const [i, w] of wanted.entries())
          await sendInvitationIn(tx, w.email, tokens[i]!, { workspaceName: settings.name, inviterName, role: body.role });
        return rows.map(toDto);
      });
    },

    /** A new link by email and 7 more days; the previous link stops working. */
    async resend(ctx: RequestContext, id: string): Promise<Invitation> {
      const token = newToken();
      return uow.tenant(ctx, async (tx) => {
        const used = await repo.lockSeats(tx, ctx.workspaceId);
        const limit = await workspace.seatLimitIn(tx, ctx.workspaceId);
        const current = await repo.lock(tx, ctx.workspaceId, id);
        if (!current || current.acceptedAt || current.revokedAt) throw notFound('Invitation');
        if (Date.now() - current.lastSentAt.getTime() < RESEND_INTERVAL_MS) {
          throw new AppError(
            429,
            'resend_too_soon',
            'This invitation was just sent. Wait a minute before sending it again.',
          );
        }
        // renewing an expired invitation takes a seat again
        if (current.expiresAt.getTime() <= Date.now() && used + 1 > limit) throw seatLimitProblem(limit, used);
        await repo.renew(tx, ctx.workspaceId, id, {
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        });
        const row = (await repo.find(tx, ctx.workspaceId, id))!;
        await audit.recordIn(tx, ctx, { action: 'invitation.sent', target: invitationTarget(row), details: { role: row.role, resent: true } });
        const settings = await workspace.settingsIn(tx, ctx.workspaceId);
        await sendInvitationIn(tx, row.email, token, { workspaceName: settings.name, inviterName: row.inviterName ?? 'A teammate', role: row.role });
        return toDto(row);
      });
    },

    async revoke(ctx: RequestContext, id: string): Promise<void> {
      const revoked = await uow.tenant(ctx, async (tx) => {
        const row = await repo.find(tx, ctx.workspaceId, id);
        if (!row || !(await repo.revoke(tx, ctx.workspaceId, id))) return false;
        await audit.recordIn(tx, ctx, { action: 'invitation.revoked', target: invitationTarget(row), details: { role: row.role } });
        return true;
      });
      if (!revoked) throw notFound('Invitation');
    },

    /** What the link shows: workspace, inviter, address, role and whether it can still be used. */
    async preview(token: string, caller: Caller | null): Promise<InvitationPreview> {
      return withInvitation(token, async (tx, inv) => ({
        state: stateOf(inv),
        email: inv.email,
        role: inv.role,
        workspaceName: (await workspace.settingsIn(tx, inv.workspaceId)).name,
        inviterName: inv.inviterName,
        expiresAt: inv.expiresAt.toISOString(),
        accountExists: await account.emailTakenIn(tx, inv.email),
        signedInAs: caller ? await account.emailOfIn(tx, caller.userId) : null,
      }));
    },

    /**
     * Joins the workspace. Signed in with the invited email: one click. Otherwise a
     * new account from name + password, signed in. Answers the caller's new `me`
     * and, for a new account, the session to set.
     *
     * One unit of work: the invitation row is locked first (FOR UPDATE), then the user
     * is created (if new), the member added, the invitation marked used, the session
     * started (or, signed in, moved to the workspace joined) and the answer read. Concurrent
     * accepts queue on the row and find it used (410); a failure at any step leaves no user,
     * no member and the invitation unused. A new account's password is checked and hashed
     * before that unit, outside any transaction (a slow hash holds no connection nor the
     * row's lock): its strength check needs the invited address, read (with whether it has
     * an account) in a unit of its own first, so that path is two units (decision 0039).
     */
    async accept(
      token: string,
      body: AcceptInvitationBody,
      caller: Caller | null,
      client: ClientInfo,
    ): Promise<{ me: Me; session: NewSession | null }> {
      let passwordHash: string | null = null;
      if (!caller) {
        const { inv, taken } = await withInvitation(token, async (tx, inv) => ({ inv, taken: await account.emailTakenIn(tx, inv.email) }));
        const state = stateOf(inv);
        if (state !== 'pending') throw gone(state);
        if (taken) throw accountExists(inv.email);
        const errors = [];
        if (!body.name) errors.push({ path: 'name', message: 'Enter your name' });
        if (!body.password) errors.push({ path: 'password', message: 'Choose a password' });
        if (errors.length > 0)
          throw new AppError(400, 'validation_failed', 'Enter your name and choose a password', { errors });
        passwordHash = await auth.preparePassword({ name: body.name!, email: inv.email, password: body.password! });
      }

      const joined = await uow.resolve(
        async (tx) => {
          const ref = await repo.resolveToken(tx, hashToken(token));
          // a signed-in caller's scope names them: the answer lists their other workspaces too
          return ref && { ...ref, userId: caller?.userId ?? null };
        },
        async (tx, { workspaceId, invitationId }) => {
          const row = await repo.lock(tx, workspaceId, invitationId);
          if (!row) throw notFound('Invitation');
          const now = stateOf(row);
          if (now !== 'pending') throw gone(now);
          let userId = caller?.userId;
          if (caller) {
            const email = await account.emailOfIn(tx, caller.userId);
            if (email !== row.email) {
              throw new AppError(
                409,
                'email_mismatch',
                `This invitation is for ${row.email}, but you are signed in as ${email}. Sign out, then open the link again.`,
              );
            }
          }
          if (!userId) {
            const created = await auth.createUserIn(tx, {
              name: body.name!,
              email: row.email,
              passwordHash: passwordHash!,
            });
            if (!created) throw accountExists(row.email);
            userId = created.userId;
          }
          const memberId = await members.addIn(tx, workspaceId, userId, row.role);
          if (!memberId) throw new AppError(409, 'already_member', 'You already belong to this workspace.');
          await repo.markAccepted(tx, workspaceId, row.id, userId);
          const session = caller ? null : await auth.startSessionIn(tx, userId, workspaceId, client);
          // a signed-in browser's session moves to the workspace just joined
          if (caller?.sessionId && workspaceId !== caller.workspaceId) await auth.sessionsIn.move(tx, caller.sessionId, workspaceId);
          await audit.recordAdminIn(tx, {
            workspaceId,
            actor: { type: 'member', memberId, userId },
            ...client,
            action: 'invitation.accepted',
            target: invitationTarget(row),
            details: { role: row.role, newAccount: !caller },
          });
          return { me: await auth.meIn(tx, { userId, workspaceId }), session };
        },
      );
      if (!joined) throw notFound('Invitation');
      return joined;
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
