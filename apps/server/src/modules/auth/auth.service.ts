import { rolePermissions, type LoginBody, type Me, type RegisterBody } from '@leadtrail/contracts';
import { AppError, badRequest, invalidField, unauthorized } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { dummyHash, hashPassword, verifyPassword, weakPasswordReason } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AuthRepository } from './auth.repository.js';
import type { SecondFactor } from './second-factor.js';

export const SESSION_TTL_MS = 14 * 86_400_000;
const RESET_TTL_MS = 3_600_000;

type ClientInfo = { ip: string; userAgent: string | null };
export type NewSession = { token: string; expiresAt: Date; userId: string; workspaceId: string };

export function createAuthService(deps: {
  repo: AuthRepository;
  mailer: Mailer;
  appUrl: string;
  secondFactor: SecondFactor;
}) {
  const { repo, mailer, appUrl, secondFactor } = deps;

  async function startSession(userId: string, workspaceId: string, client: ClientInfo): Promise<NewSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await repo.createSession({ tokenHash: hashToken(token), userId, workspaceId, expiresAt, ...client });
    return { token, expiresAt, userId, workspaceId };
  }

  return {
    async register(body: RegisterBody, client: ClientInfo): Promise<NewSession> {
      const email = body.email.toLowerCase();
      const weak = weakPasswordReason(body.password, body.name, email.split('@')[0] ?? '', body.companyName);
      if (weak) throw invalidField('password', weak);
      const passwordHash = await hashPassword(body.password);
      const existing = await repo.findUserByEmail(email);
      if (existing) {
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
      const account = await repo.createAccount({ name: body.name, email, passwordHash, companyName: body.companyName });
      return startSession(account.userId, account.workspaceId, client);
    },

    /** An account made without signing in (the demo seed); null when the email is taken. */
    async createAccount(input: RegisterBody) {
      const email = input.email.toLowerCase();
      if (await repo.findUserByEmail(email)) return null;
      const passwordHash = await hashPassword(input.password);
      return repo.createAccount({ name: input.name, email, passwordHash, companyName: input.companyName });
    },

    /** A user without a workspace (an invited person); null when the email is taken. */
    async createUser(input: { name: string; email: string; password: string }) {
      const email = input.email.toLowerCase();
      const weak = weakPasswordReason(input.password, input.name, email.split('@')[0] ?? '');
      if (weak) throw invalidField('password', weak);
      if (await repo.findUserByEmail(email)) return null;
      const passwordHash = await hashPassword(input.password);
      return repo.createUser({ name: input.name, email, passwordHash });
    },

    async login(body: LoginBody, client: ClientInfo): Promise<NewSession> {
      const email = body.email.toLowerCase();
      const user = await repo.findUserByEmail(email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
      if (!user || !ok) throw unauthorized('Incorrect email or password', 'invalid_credentials');
      if (user.totpEnabled) {
        if (!body.totpCode) throw unauthorized('Enter the code from your authenticator app', 'totp_required');
        const second = await secondFactor.verify(user.id, body.totpCode);
        if (!second) throw unauthorized('That code is not valid', 'totp_invalid');
      }
      const [membership] = await repo.listMemberships(user.id);
      if (!membership) throw unauthorized('This account has no active workspace', 'no_workspace');
      return startSession(user.id, membership.workspaceId, client);
    },

    logout: (token: string) => repo.revokeSessionByHash(hashToken(token)),

    async me(ctx: { userId: string; workspaceId: string }): Promise<Me> {
      const user = await repo.findUserById(ctx.userId);
      if (!user) throw unauthorized();
      const memberships = await repo.listMemberships(ctx.userId);
      const current = memberships.find((m) => m.workspaceId === ctx.workspaceId);
      if (!current) throw unauthorized();
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
      const user = await repo.findUserByEmail(email);
      const token = newToken();
      const tokenHash = hashToken(token);
      if (!user) return;
      await repo.createPasswordReset({ tokenHash, userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
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

    async confirmPasswordReset(token: string, password: string): Promise<void> {
      const weak = weakPasswordReason(password);
      if (weak) throw invalidField('password', weak);
      const passwordHash = await hashPassword(password);
      const userId = await repo.consumePasswordReset(hashToken(token), passwordHash);
      if (!userId) throw badRequest('invalid_token', 'This reset link is invalid, used or expired. Ask for a new one.');
    },

    startSession,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
