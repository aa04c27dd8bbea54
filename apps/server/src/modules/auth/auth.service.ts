import { rolePermissions, type LoginBody, type Me, type RegisterBody } from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { SESSION_IDLE_DAYS } from '../../core/route-access.js';
import { AppError, badRequest, invalidField, unauthorized } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mail.js';
import { dummyHash, hashPassword, verifyPassword, weakPasswordReason } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AuthRepository, Credential } from './auth.repository.js';
import { tooManyCodes, type CodeCheck, type SecondFactor } from './second-factor.js';

export const SESSION_TTL_MS = 14 * 86_400_000;
const RESET_TTL_MS = 3_600_000;

type ClientInfo = { ip: string; userAgent: string | null };
export type NewSession = { token: string; expiresAt: Date; userId: string; workspaceId: string };
/** What a presented token turned out to be: a caller, a dead membership, or nothing. */
export type Authentication = { ctx: RequestContext } | { inactive: true } | null;

/** Whether a credential's last use is old enough to record again (at most once a minute). */
const stale = (lastUsedAt: Date | null) => !lastUsedAt || Date.now() - lastUsedAt.getTime() >= 60_000;

export function createAuthService(deps: {
  uow: UnitOfWork;
  repo: AuthRepository;
  mailer: Mailer;
  appUrl: string;
  secondFactor: SecondFactor;
}) {
  const { uow, repo, mailer, appUrl, secondFactor } = deps;

  /** A new session row inside the caller's unit of work; the token is returned once. */
  async function startSessionIn(tx: Tx, userId: string, workspaceId: string, client: ClientInfo): Promise<NewSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await repo.createSession(tx, {
      id: newId(),
      tokenHash: hashToken(token),
      userId,
      workspaceId,
      expiresAt,
      ...client,
    });
    return { token, expiresAt, userId, workspaceId };
  }

  return {
    async register(body: RegisterBody, client: ClientInfo): Promise<NewSession> {
      const email = body.email.toLowerCase();
      const weak = weakPasswordReason(body.password, body.name, email.split('@')[0] ?? '', body.companyName);
      if (weak) throw invalidField('password', weak);
      const passwordHash = await hashPassword(body.password);
      const workspaceId = newId();
      const session = await uow.tenant({ workspaceId }, async (tx) => {
        if (await repo.findUserByEmail(tx, email)) return null;
        const userId = newId();
        if (!(await repo.insertUser(tx, { id: userId, email, name: body.name, passwordHash }))) return null;
        await repo.insertWorkspaceWithOwner(tx, { workspaceId, memberId: newId(), userId, name: body.companyName });
        return startSessionIn(tx, userId, workspaceId, client);
      });
      if (!session) {
        // tell the account holder, not the caller
        void mailer
          .send({
            to: email,
            subject: 'Someone tried to register with your email',
            text: `Someone tried to create a Leadtrail account with ${email}, which already has one.\n\nSign in at ${appUrl}/login or reset your password at ${appUrl}/reset-password.\nIf this wasn't you, you can ignore this email.`,
          })
          .catch(() => {});
        throw new AppError(
          409,
          'registration_refused',
          'We could not create an account with these details. If you already have an account, sign in or reset your password.',
        );
      }
      return session;
    },

    /** An account made without signing in (the demo seed); null when the email is taken. */
    async createAccount(input: RegisterBody) {
      const email = input.email.toLowerCase();
      const passwordHash = await hashPassword(input.password);
      const workspaceId = newId();
      return uow.tenant({ workspaceId }, async (tx) => {
        if (await repo.findUserByEmail(tx, email)) return null;
        const userId = newId();
        const memberId = newId();
        if (!(await repo.insertUser(tx, { id: userId, email, name: input.name, passwordHash }))) return null;
        await repo.insertWorkspaceWithOwner(tx, { workspaceId, memberId, userId, name: input.companyName });
        return { userId, workspaceId, memberId };
      });
    },

    /** For the invitations module: a password checked and hashed before its unit of work opens. */
    async preparePassword(input: { name: string; email: string; password: string }) {
      const weak = weakPasswordReason(input.password, input.name, input.email.split('@')[0] ?? '');
      if (weak) throw invalidField('password', weak);
      return hashPassword(input.password);
    },

    /** For the invitations module: a user without a workspace, inside its unit of work; null when the email is taken. */
    async createUserIn(tx: Tx, input: { name: string; email: string; passwordHash: string }) {
      const email = input.email.toLowerCase();
      if (await repo.findUserByEmail(tx, email)) return null;
      const userId = newId();
      if (!(await repo.insertUser(tx, { id: userId, email, name: input.name, passwordHash: input.passwordHash })))
        return null;
      return { userId };
    },

    emailTakenIn: async (tx: Tx, email: string) => !!(await repo.findUserByEmail(tx, email.toLowerCase())),

    async login(body: LoginBody, client: ClientInfo): Promise<NewSession> {
      const email = body.email.toLowerCase();
      const user = await uow.admin((tx) => repo.findUserByEmail(tx, email));
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
      if (!user || !ok) throw unauthorized('Incorrect email or password', 'invalid_credentials');
      if (user.totpEnabled && !body.totpCode)
        throw unauthorized('Enter the code from your authenticator app', 'totp_required');
      type Outcome = { session: NewSession; refused?: never } | { refused: Exclude<CodeCheck, 'ok'> | 'no_workspace' };
      const outcome = await uow.tenant({ workspaceId: '', userId: user.id }, async (tx): Promise<Outcome> => {
        if (user.totpEnabled) {
          const current = await repo.lockUser(tx, user.id);
          const check = current ? await secondFactor.verifyIn(tx, current, body.totpCode!) : 'wrong';
          // a wrong code is committed (it counts), then answered
          if (check !== 'ok') return { refused: check };
        }
        const [membership] = await repo.listMemberships(tx, user.id);
        if (!membership) return { refused: 'no_workspace' };
        return { session: await startSessionIn(tx, user.id, membership.workspaceId, client) };
      });
      if (!outcome.refused) return outcome.session;
      if (outcome.refused === 'no_workspace')
        throw unauthorized('This account has no active workspace', 'no_workspace');
      if (outcome.refused === 'wrong') throw unauthorized('That code is not valid', 'totp_invalid');
      throw tooManyCodes(outcome.refused.retryAfter);
    },

    logout: (token: string) => uow.admin((tx) => repo.revokeSessionByHash(tx, hashToken(token))),

    /**
     * The caller behind a session cookie or an API key: the one place credentials are looked
     * up. A use is recorded at most once a minute (a session's idle expiry slides).
     */
    async authenticate(via: 'session' | 'api-key', token: string): Promise<Authentication> {
      const hash = hashToken(token);
      const credential: Credential | null = await uow.admin((tx) =>
        via === 'api-key' ? repo.findApiKeyCredential(tx, hash) : repo.findSessionCredential(tx, hash),
      );
      if (!credential) return null;
      const { workspaceId, userId } = credential;
      const member = await uow.tenant({ workspaceId, userId }, async (tx) => {
        const m = await repo.findMembership(tx, workspaceId, userId);
        if (m?.status !== 'active' || !stale(credential.lastUsedAt)) return m;
        const now = new Date();
        if (via === 'api-key') await repo.touchApiKey(tx, credential.id, now);
        else {
          const expiresAt = new Date(now.getTime() + SESSION_IDLE_DAYS * 86_400_000);
          await repo.touchSession(tx, { sessionId: credential.id, workspaceId, memberId: m.id, now, expiresAt });
        }
        return m;
      });
      if (member?.status !== 'active') return { inactive: true };
      return {
        ctx: {
          userId,
          workspaceId,
          memberId: member.id,
          role: member.role,
          permissions: rolePermissions[member.role],
          via,
          sessionId: via === 'session' ? credential.id : null,
        },
      };
    },

    async me(ctx: { userId: string; workspaceId: string }): Promise<Me> {
      const { user, memberships } = await uow.tenant({ workspaceId: '', userId: ctx.userId }, async (tx) => ({
        user: await repo.findUserById(tx, ctx.userId),
        memberships: await repo.listMemberships(tx, ctx.userId),
      }));
      const current = memberships.find((m) => m.workspaceId === ctx.workspaceId);
      if (!user || !current) throw unauthorized();
      return {
        user: { id: user.id, name: user.name, email: user.email, totpEnabled: user.totpEnabled },
        workspace: { id: ctx.workspaceId, name: current.name },
        member: { id: current.memberId },
        role: current.role,
        permissions: [...rolePermissions[current.role]],
        workspaces: memberships.map((m) => ({ id: m.workspaceId, name: m.name, role: m.role })),
      };
    },

    /** Same answer and similar timing whether or not the email has an account. */
    async requestPasswordReset(rawEmail: string): Promise<void> {
      const email = rawEmail.toLowerCase();
      const token = newToken();
      const user = await uow.admin(async (tx) => {
        const found = await repo.findUserByEmail(tx, email);
        if (found)
          await repo.createPasswordReset(tx, {
            tokenHash: hashToken(token),
            userId: found.id,
            expiresAt: new Date(Date.now() + RESET_TTL_MS),
          });
        return found;
      });
      if (!user) return;
      const link = `${appUrl}/reset-password/${token}`;
      // sent in the background so the answer takes as long as for an unknown email
      void mailer
        .send({
          to: email,
          subject: 'Reset your Leadtrail password',
          text: `Hello ${user.name},\n\nUse this link to choose a new password. It works once and expires in 1 hour:\n\n${link}\n\nIf you didn't ask for this, ignore this email; your password stays the same.`,
        })
        .catch(() => {});
    },

    /** Spends the link, sets the password and signs the user out everywhere, as one unit of work. */
    async confirmPasswordReset(token: string, password: string): Promise<void> {
      const weak = weakPasswordReason(password);
      if (weak) throw invalidField('password', weak);
      const passwordHash = await hashPassword(password);
      const userId = await uow.admin(async (tx) => {
        const id = await repo.spendPasswordReset(tx, hashToken(token));
        if (!id) return null;
        await repo.setPasswordHash(tx, id, passwordHash);
        await repo.revokeUserSessions(tx, id);
        return id;
      });
      if (!userId) throw badRequest('invalid_token', 'This reset link is invalid, used or expired. Ask for a new one.');
    },

    /**
     * A new password inside the caller's unit of work: every other session ends and every
     * outstanding reset link stops working (one could have been mailed to an attacker).
     */
    async setPasswordIn(tx: Tx, userId: string, passwordHash: string, keepSessionId: string | null) {
      await repo.setPasswordHash(tx, userId, passwordHash);
      await repo.revokeUserSessions(tx, userId, keepSessionId);
      await repo.spendAllPasswordResets(tx, userId);
    },

    /** A session for someone who just joined (an invitation), inside that use case's unit of work. */
    startSessionIn,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
