import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type {
  ApiKey,
  ApiKeyCreated,
  EmailChangeBody,
  Me,
  PasswordChangeBody,
  Profile,
  ProfileUpdateBody,
  RecoveryCodes,
  SessionInfo,
  TotpConfirmBody,
  TotpSetup,
} from '@leadtrail/contracts';
import { AppError, badRequest, conflict, forbidden, invalidField, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { normalizeEmail, normalizePhone } from '../../lib/normalize.js';
import { hashPassword, verifyPassword, weakPasswordReason } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AuthService } from '../auth/auth.service.js';
import { totpFor, totpStep, type SecondFactor } from '../auth/second-factor.js';
import type { WorkspaceService } from '../workspace/workspace.service.js';
import type { AccountRepository, ProfilePatch } from './account.repository.js';
import { parseUserAgent } from './user-agent.js';

/** The caller, as the account service needs it. */
export type AccountCtx = { userId: string; workspaceId: string; sessionId: string | null };

const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;
const API_KEY_PREFIX_LENGTH = 11;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createAccountService(deps: {
  repo: AccountRepository;
  secondFactor: SecondFactor;
  auth: AuthService;
  workspace: WorkspaceService;
  mailer: Mailer;
  appUrl: string;
}) {
  const { repo, secondFactor, auth, workspace, mailer, appUrl } = deps;

  async function userOf(userId: string) {
    const user = await repo.findUser(userId);
    if (!user) throw notFound('User');
    return user;
  }

  /** Re-entered passwords answer as a field error (a 401 would read as "signed out"). */
  async function requirePassword(userId: string, password: string, field = 'password') {
    const user = await userOf(userId);
    if (!(await verifyPassword(user.passwordHash, password))) throw invalidField(field, 'Incorrect password');
    return user;
  }

  async function requireSecondFactor(userId: string, code: string) {
    if (!(await secondFactor.verify(userId, code)))
      throw invalidField('code', 'That code is not valid. Try the current one.');
  }

  return {
    async profile(ctx: AccountCtx): Promise<Profile> {
      const user = await userOf(ctx.userId);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        pendingEmail: await repo.pendingEmail(user.id),
        jobTitle: user.jobTitle,
        phone: user.phone,
        timeZone: user.timeZone,
        totpEnabled: user.totpEnabled,
        recoveryCodesRemaining: user.totpEnabled ? await secondFactor.recoveryCodesLeft(user.id) : 0,
      };
    },

    async updateProfile(ctx: AccountCtx, body: ProfileUpdateBody): Promise<Profile> {
      const patch: ProfilePatch = {};
      if (body.name !== undefined) patch.name = body.name.trim();
      if (body.jobTitle !== undefined) patch.jobTitle = body.jobTitle?.trim() || null;
      if (body.timeZone !== undefined) patch.timeZone = body.timeZone;
      if (body.phone !== undefined) {
        const raw = body.phone?.trim() || null;
        if (raw === null) patch.phone = null;
        else {
          const { defaultPhoneRegion } = await workspace.settings(ctx.workspaceId);
          const phone = normalizePhone(raw, defaultPhoneRegion);
          if (!phone)
            throw invalidField(
              'phone',
              'Enter a phone number we can read, with its country code (e.g. +1 415 555 0123)',
            );
          patch.phone = phone;
        }
      }
      if (Object.keys(patch).length > 0) await repo.updateProfile(ctx.userId, patch);
      return this.profile(ctx);
    },

    /** Emails a confirmation link to the new address; the email changes when it is followed. */
    async requestEmailChange(ctx: AccountCtx, body: EmailChangeBody): Promise<void> {
      const user = await requirePassword(ctx.userId, body.password);
      const newEmail = normalizeEmail(body.newEmail)!;
      if (newEmail === user.email) throw invalidField('newEmail', 'This is already your email address');
      if (await repo.emailTaken(newEmail))
        throw invalidField('newEmail', 'Another account already uses this email address');
      const token = newToken();
      await repo.createEmailChange({
        tokenHash: hashToken(token),
        userId: user.id,
        newEmail,
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
      });
      const link = `${appUrl}/settings/my-account?confirm-email=${token}`;
      await mailer.send({
        to: newEmail,
        subject: 'Confirm your new Leadtrail email address',
        text: `Hello ${user.name},\n\nFollow this link to use ${newEmail} to sign in to Leadtrail. It works once and expires in 24 hours:\n\n${link}\n\nUntil then you keep signing in with ${user.email}. If you didn't ask for this, ignore this email.`,
      });
    },

    async confirmEmailChange(token: string): Promise<{ email: string }> {
      const result = await repo.consumeEmailChange(hashToken(token));
      if (result.outcome === 'invalid')
        throw badRequest('invalid_token', 'This confirmation link is invalid, used or expired. Ask for a new one.');
      if (result.outcome === 'taken')
        throw conflict('Another account now uses this email address. Choose another one.');
      if (result.oldEmail) {
        // tell the previous address, in case this was not its owner
        void mailer
          .send({
            to: result.oldEmail,
            subject: 'Your Leadtrail email address was changed',
            text: `Hello ${result.name},\n\nYour Leadtrail account now signs in with ${result.newEmail} instead of this address.\nIf you didn't do this, reset your password at ${appUrl}/reset-password and contact your workspace owner.`,
          })
          .catch(() => {});
      }
      return { email: result.newEmail };
    },

    /** Current password required; every other session is signed out. */
    async changePassword(ctx: AccountCtx, body: PasswordChangeBody): Promise<void> {
      const user = await requirePassword(ctx.userId, body.currentPassword, 'currentPassword');
      const weak = weakPasswordReason(body.newPassword, user.name, user.email.split('@')[0] ?? '');
      if (weak) throw invalidField('newPassword', weak);
      if (await verifyPassword(user.passwordHash, body.newPassword)) {
        throw invalidField('newPassword', 'Choose a password different from the current one');
      }
      await repo.setPassword(user.id, await hashPassword(body.newPassword), ctx.sessionId);
    },

    /** For other modules: the user's email address, or null. */
    emailOf: async (userId: string) => (await repo.findUser(userId))?.email ?? null,

    /** For other modules: whether an account uses this (normalised) email. */
    emailTaken: (email: string) => repo.emailTaken(email),

    /** For other modules: whether this is the user's password (transfer of ownership). */
    async checkPassword(userId: string, password: string): Promise<boolean> {
      const user = await repo.findUser(userId);
      return !!user && (await verifyPassword(user.passwordHash, password));
    },

    async totpSetup(ctx: AccountCtx): Promise<TotpSetup> {
      const user = await userOf(ctx.userId);
      if (user.totpEnabled)
        throw conflict('Two-factor authentication is already on. Turn it off first to set up a new app.');
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      if (!(await repo.setPendingTotpSecret(user.id, secret)))
        throw conflict('Two-factor authentication is already on');
      const otpauthUrl = totpFor(secret, user.email).toString();
      const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return { secret, otpauthUrl, qrDataUrl };
    },

    async totpEnable(ctx: AccountCtx, code: string): Promise<RecoveryCodes> {
      const user = await userOf(ctx.userId);
      if (user.totpEnabled) throw conflict('Two-factor authentication is already on');
      if (!user.totpSecret) throw badRequest('totp_not_set_up', 'Start the set-up first to get a QR code');
      const step = totpStep(user.totpSecret, code);
      if (step === null)
        throw invalidField('code', 'That code is not valid. Check the time on your phone and try the current code.');
      if (!(await repo.enableTotp(user.id, step))) throw conflict('Two-factor authentication is already on');
      return { recoveryCodes: await secondFactor.issueRecoveryCodes(user.id) };
    },

    async totpDisable(ctx: AccountCtx, body: TotpConfirmBody): Promise<void> {
      const user = await requirePassword(ctx.userId, body.password);
      if (!user.totpEnabled) throw conflict('Two-factor authentication is already off');
      await requireSecondFactor(user.id, body.code);
      await repo.disableTotp(user.id);
      await secondFactor.clearRecoveryCodes(user.id);
    },

    async regenerateRecoveryCodes(ctx: AccountCtx, body: TotpConfirmBody): Promise<RecoveryCodes> {
      const user = await requirePassword(ctx.userId, body.password);
      if (!user.totpEnabled) throw conflict('Turn on two-factor authentication first');
      await requireSecondFactor(user.id, body.code);
      return { recoveryCodes: await secondFactor.issueRecoveryCodes(user.id) };
    },

    async sessions(ctx: AccountCtx): Promise<SessionInfo[]> {
      const rows = await repo.listSessions(ctx.userId);
      return rows.map((s) => ({
        id: s.id,
        ...parseUserAgent(s.userAgent),
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.id === ctx.sessionId,
      }));
    },

    async revokeSession(ctx: AccountCtx, sessionId: string): Promise<void> {
      if (!(await repo.revokeSession(ctx.userId, sessionId))) throw notFound('Session');
    },

    revokeOtherSessions: (ctx: AccountCtx) => repo.revokeOtherSessions(ctx.userId, ctx.sessionId),

    /** Deactivation: the member's sessions and API keys in that workspace end at once. */
    revokeWorkspaceCredentials: (userId: string, workspaceId: string) =>
      repo.revokeWorkspaceCredentials(userId, workspaceId),

    async apiKeys(ctx: AccountCtx): Promise<ApiKey[]> {
      const rows = await repo.listApiKeys(ctx.userId, ctx.workspaceId);
      return rows.map((k) => ({
        id: k.id,
        name: k.name,
        prefix: k.prefix,
        lastUsedAt: iso(k.lastUsedAt),
        createdAt: k.createdAt.toISOString(),
      }));
    },

    /** The key is returned once; only its SHA-256 is kept. It acts with the owner's role in this workspace. */
    async createApiKey(ctx: AccountCtx, name: string): Promise<ApiKeyCreated> {
      const key = `lt_${newToken()}`;
      const row = await repo.createApiKey({
        userId: ctx.userId,
        workspaceId: ctx.workspaceId,
        name: name.trim(),
        prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
        keyHash: hashToken(key),
      });
      return {
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        lastUsedAt: null,
        createdAt: row.createdAt.toISOString(),
        key,
      };
    },

    async revokeApiKey(ctx: AccountCtx, id: string): Promise<void> {
      if (!(await repo.revokeApiKey(ctx.userId, ctx.workspaceId, id))) throw notFound('API key');
    },

    /** Moves the browser session to another workspace the user is an active member of. */
    async switchWorkspace(ctx: AccountCtx, workspaceId: string): Promise<Me> {
      if (!ctx.sessionId) throw forbidden('Switch workspaces from a browser session');
      let me: Me;
      try {
        me = await auth.me({ userId: ctx.userId, workspaceId });
      } catch (err) {
        if (err instanceof AppError && err.status === 401) throw notFound('Workspace');
        throw err;
      }
      if (workspaceId !== ctx.workspaceId) await repo.moveSession(ctx.sessionId, workspaceId);
      return me;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
