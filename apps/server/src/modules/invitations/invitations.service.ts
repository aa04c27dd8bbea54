import type {
  AcceptInvitationBody,
  Invitation,
  InvitationPreview,
  InvitationState,
  InviteBody,
  Me,
} from '@leadtrail/contracts';
import { AppError, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { emailDomain, normalizeEmail } from '../../lib/normalize.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AccountService } from '../account/account.service.js';
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

export function createInvitationsService(deps: {
  repo: InvitationsRepository;
  members: MembersService;
  workspace: WorkspaceService;
  account: AccountService;
  auth: AuthService;
  mailer: Mailer;
  appUrl: string;
  log?: (msg: string, err: unknown) => void;
}) {
  const { repo, members, workspace, account, auth, mailer, appUrl } = deps;

  async function sendInvitation(
    to: string,
    token: string,
    info: { workspaceName: string; inviterName: string; role: string },
  ) {
    const link = `${appUrl}/user-invite/${token}`;
    const article = info.role === 'admin' ? 'an admin' : 'a member';
    try {
      await mailer.send({
        to,
        subject: `${info.inviterName} invited you to ${info.workspaceName} on Leadtrail`,
        text: `Hello,\n\n${info.inviterName} invited you to join ${info.workspaceName} on Leadtrail as ${article}.\n\nAccept the invitation here (the link works once and expires in 7 days):\n\n${link}\n\nIf you weren't expecting this, you can ignore this email.`,
      });
    } catch (err) {
      // the invitation exists; it can be resent from Settings → Users
      deps.log?.('invitation email could not be sent', err);
    }
  }

  async function resolve(token: string) {
    const ref = await repo.resolveToken(hashToken(token));
    const inv = ref ? await repo.find(ref.workspaceId, ref.invitationId) : null;
    if (!ref || !inv) throw notFound('Invitation');
    return inv;
  }

  return {
    async list(ctx: InvitationsCtx) {
      return { data: (await repo.listOpen(ctx.workspaceId)).map(toDto), nextCursor: null };
    },

    /** Invites one or several addresses with a role: all of them or, on any problem, none. */
    async invite(ctx: InvitationsCtx, body: InviteBody): Promise<Invitation[]> {
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

      const settings = await workspace.settings(ctx.workspaceId);
      const open = await repo.findOpenByEmails(
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
        const member = await members.findByEmail(ctx.workspaceId, w.email);
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

      const tokens = wanted.map(() => newToken());
      const limit = workspace.seatLimit(ctx.workspaceId);
      const created = await repo.createMany(ctx.workspaceId, {
        invites: wanted.map((w, i) => ({ email: w.email, tokenHash: hashToken(tokens[i]!) })),
        role: body.role,
        invitedByUserId: ctx.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        seatLimit: limit,
      });
      if (!created.ok) throw seatLimitProblem(limit, created.used);

      const rows = await Promise.all(created.ids.map((id) => repo.find(ctx.workspaceId, id)));
      const inviterName = rows[0]?.inviterName ?? 'A teammate';
      await Promise.all(
        wanted.map((w, i) =>
          sendInvitation(w.email, tokens[i]!, { workspaceName: settings.name, inviterName, role: body.role }),
        ),
      );
      return rows.filter((r): r is InvitationWithInviter => !!r).map(toDto);
    },

    /** A new link by email and 7 more days; the previous link stops working. */
    async resend(ctx: InvitationsCtx, id: string): Promise<Invitation> {
      const current = await repo.find(ctx.workspaceId, id);
      if (!current || current.acceptedAt || current.revokedAt) throw notFound('Invitation');
      if (Date.now() - current.lastSentAt.getTime() < RESEND_INTERVAL_MS) {
        throw new AppError(
          429,
          'resend_too_soon',
          'This invitation was just sent. Wait a minute before sending it again.',
        );
      }
      const token = newToken();
      const limit = workspace.seatLimit(ctx.workspaceId);
      const renewed = await repo.renew(ctx.workspaceId, id, {
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        seatLimit: limit,
      });
      if (renewed.outcome === 'not_found') throw notFound('Invitation');
      if (renewed.outcome === 'no_seat') throw seatLimitProblem(limit, renewed.used);
      const settings = await workspace.settings(ctx.workspaceId);
      const inviterName = (await repo.find(ctx.workspaceId, id))?.inviterName ?? 'A teammate';
      await sendInvitation(current.email, token, { workspaceName: settings.name, inviterName, role: current.role });
      const row = await repo.find(ctx.workspaceId, id);
      return toDto(row!);
    },

    async revoke(ctx: InvitationsCtx, id: string): Promise<void> {
      if (!(await repo.revoke(ctx.workspaceId, id))) throw notFound('Invitation');
    },

    /** What the link shows: workspace, inviter, address, role and whether it can still be used. */
    async preview(token: string, caller: Caller | null): Promise<InvitationPreview> {
      const inv = await resolve(token);
      const ws = await workspace.settings(inv.workspaceId);
      return {
        state: stateOf(inv),
        email: inv.email,
        role: inv.role,
        workspaceName: ws.name,
        inviterName: inv.inviterName,
        expiresAt: inv.expiresAt.toISOString(),
        accountExists: await account.emailTaken(inv.email),
        signedInAs: caller ? await account.emailOf(caller.userId) : null,
      };
    },

    /**
     * Joins the workspace. Signed in with the invited email: one click. Otherwise a
     * new account from name + password, signed in. Answers the caller's new `me`
     * and, for a new account, the session to set.
     */
    async accept(
      token: string,
      body: AcceptInvitationBody,
      caller: Caller | null,
      client: ClientInfo,
    ): Promise<{ me: Me; session: NewSession | null }> {
      const inv = await resolve(token);
      const state = stateOf(inv);
      if (state !== 'pending') throw gone(state);

      if (caller) {
        const email = await account.emailOf(caller.userId);
        if (email !== inv.email) {
          throw new AppError(
            409,
            'email_mismatch',
            `This invitation is for ${inv.email}, but you are signed in as ${email}. Sign out, then open the link again.`,
          );
        }
      } else if (await account.emailTaken(inv.email)) {
        throw new AppError(
          409,
          'account_exists',
          `${inv.email} already has a Leadtrail account. Sign in with it to accept the invitation.`,
        );
      } else {
        const errors = [];
        if (!body.name) errors.push({ path: 'name', message: 'Enter your name' });
        if (!body.password) errors.push({ path: 'password', message: 'Choose a password' });
        if (errors.length > 0)
          throw new AppError(400, 'validation_failed', 'Enter your name and choose a password', { errors });
      }

      const accepted = await repo.accept(inv.workspaceId, inv.id, async (row) => {
        let userId = caller?.userId;
        if (!userId) {
          const created = await auth.createUser({ name: body.name!, email: row.email, password: body.password! });
          if (!created)
            throw new AppError(
              409,
              'account_exists',
              `${row.email} already has a Leadtrail account. Sign in with it to accept the invitation.`,
            );
          userId = created.userId;
        }
        const memberId = await members.add(inv.workspaceId, userId, row.role);
        if (!memberId) throw new AppError(409, 'already_member', 'You already belong to this workspace.');
        return { userId, result: userId };
      });
      if (accepted.outcome === 'not_found') throw notFound('Invitation');
      if (accepted.outcome !== 'joined') throw gone(accepted.outcome);

      if (caller) {
        // the browser session moves to the workspace just joined
        const me = caller.sessionId
          ? await account.switchWorkspace(caller, inv.workspaceId)
          : await auth.me({ userId: caller.userId, workspaceId: inv.workspaceId });
        return { me, session: null };
      }
      const session = await auth.startSession(accepted.result, inv.workspaceId, client);
      return { me: await auth.me(session), session };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
