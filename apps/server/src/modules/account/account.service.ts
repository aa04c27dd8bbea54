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
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { AppError, badRequest, conflict, forbidden, invalidField, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { normalizeEmail, normalizePhone } from '../../lib/normalize.js';
import { hashPassword, verifyPassword, weakPasswordReason } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AuthService } from '../auth/auth.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { RequestContext } from '../../core/request-context.js';
import { tooManyCodes, totpFor, totpStep, type SecondFactor } from '../auth/second-factor.js';
import type { WorkspaceService } from '../workspace/workspace.service.js';
import type { AccountRepository, ProfilePatch, UserRow } from './account.repository.js';
import { parseUserAgent } from './user-agent.js';

/** The caller, as the account service needs it. */
export type AccountCtx = { userId: string; workspaceId: string; sessionId: string | null };

const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;
const API_KEY_PREFIX_LENGTH = 11;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createAccountService(deps: {
  uow: UnitOfWork;
  repo: AccountRepository;
  secondFactor: SecondFactor;
  auth: AuthService;
  workspace: WorkspaceService;
  mailer: Mailer;
  appUrl: string;
  audit: AuditService;
}) {
  const { uow, repo, secondFactor, auth, workspace, mailer, appUrl, audit } = deps;

  async function userIn(tx: Tx, userId: string) {
    const user = await repo.findUser(tx, userId);
    if (!user) throw notFound('User');
    return user;
  }

  /** Re-entered passwords answer as a field error (a 401 would read as "signed out"). */
  async function requirePasswordIn(tx: Tx, userId: string, password: string, field = 'password') {
    const user = await userIn(tx, userId);
    if (!(await verifyPassword(user.passwordHash, password))) throw invalidField(field, 'Incorrect password');
    return user;
  }

  /**
   * A password and a second-factor code, then `change` — one unit of work. A wrong code is
   * committed (the limiter counts it) before the error is answered.
   */
  async function withSecondFactor<T>(
    ctx: AccountCtx,
    body: TotpConfirmBody,
    change: (tx: Tx, user: UserRow) => Promise<T>,
  ) {
    const outcome = await uow.admin(async (tx) => {
      const user = await requirePasswordIn(tx, ctx.userId, body.password);
      if (!user.totpEnabled) return { off: true } as const;
      // verifyIn locks the user: concurrent wrong codes queue there, as at sign-in
      const check = await secondFactor.verifyIn(tx, user.id, body.code);
      if (check !== 'ok') return { check } as const;
      return { done: await change(tx, user) } as const;
    });
    if ('done' in outcome) return outcome.done;
    if ('off' in outcome) return null;
    if (outcome.check === 'wrong') throw invalidField('code', 'That code is not valid. Try the current one.');
    throw tooManyCodes(outcome.check.retryAfter);
  }

  /** Users are global: this works in any unit of work (another module's, in its workspace). */
  const emailOfIn = async (tx: Tx, userId: string) => (await repo.findUser(tx, userId))?.email ?? null;

  async function profileIn(tx: Tx, userId: string): Promise<Profile> {
    const user = await userIn(tx, userId);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      pendingEmail: await repo.pendingEmail(tx, user.id),
      jobTitle: user.jobTitle,
      phone: user.phone,
      timeZone: user.timeZone,
      totpEnabled: user.totpEnabled,
      recoveryCodesRemaining: user.totpEnabled ? await secondFactor.recoveryCodesLeftIn(tx, user.id) : 0,
    };
  }

  return {
    profile: (ctx: AccountCtx) => uow.admin((tx) => profileIn(tx, ctx.userId)),

    async updateProfile(ctx: AccountCtx, body: ProfileUpdateBody): Promise<Profile> {
      const patch: ProfilePatch = {};
      if (body.name !== undefined) patch.name = body.name.trim();
      if (body.jobTitle !== undefined) patch.jobTitle = body.jobTitle?.trim() || null;
      if (body.timeZone !== undefined) patch.timeZone = body.timeZone;
      if (body.phone !== undefined) {
        const raw = body.phone?.trim() || null;
        if (raw === null) patch.phone = null;
        else {
          patch.phone = raw;
        }
      }
      // one unit in the caller's workspace: its phone region read, then the profile written and read back
      return uow.tenant({ workspaceId: ctx.workspaceId, userId: ctx.userId }, async (tx) => {
        if (patch.phone) {
          const { defaultPhoneRegion } = await workspace.settingsIn(tx, ctx.workspaceId);
          const phone = normalizePhone(patch.phone, defaultPhoneRegion);
          if (!phone)
            throw invalidField(
              'phone',
              'Enter a phone number we can read, with its country code (e.g. +1 415 555 0123)',
            );
          patch.phone = phone;
        }
        if (Object.keys(patch).length > 0) await repo.updateProfile(tx, ctx.userId, patch);
        return profileIn(tx, ctx.userId);
      });
    },

    /** Emails a confirmation link to the new address; the email changes when it is followed. */
    async requestEmailChange(ctx: AccountCtx, body: EmailChangeBody): Promise<void> {
      const newEmail = normalizeEmail(body.newEmail)!;
      const token = newToken();
      await uow.admin(async (tx) => {
        const u = await requirePasswordIn(tx, ctx.userId, body.password);
        if (newEmail === u.email) throw invalidField('newEmail', 'This is already your email address');
        if (await repo.emailTaken(tx, newEmail))
          throw invalidField('newEmail', 'Another account already uses this email address');
        await repo.replaceEmailChange(tx, {
          tokenHash: hashToken(token),
          userId: u.id,
          newEmail,
          expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
        });
        const link = `${appUrl}/settings/my-account?confirm-email=${token}`;
        await mailer.sendIn(tx, {
          to: newEmail,
          subject: 'Confirm your new Leadtrail email address',
          text: `Hello ${u.name},\n\nFollow this link to use ${newEmail} to sign in to Leadtrail. It works once and expires in 24 hours:\n\n${link}\n\nUntil then you keep signing in with ${u.email}. If you didn't ask for this, ignore this email.`,
        });
      });
    },

    /** Spends the link and sets the new email in one unit of work. */
    async confirmEmailChange(token: string): Promise<{ email: string }> {
      const result = await uow.admin(async (tx) => {
        const change = await repo.spendEmailChange(tx, hashToken(token));
        if (!change) return { outcome: 'invalid' as const };
        // the address got an account meanwhile: the spent link is kept spent
        if (await repo.emailTaken(tx, change.newEmail)) return { outcome: 'taken' as const };
        const before = await repo.findUser(tx, change.userId);
        await repo.setEmail(tx, change.userId, change.newEmail);
        if (before?.email) {
          // tell the previous address, in case this was not its owner (sent once the change commits)
          await mailer.sendIn(tx, {
            to: before.email,
            subject: 'Your Leadtrail email address was changed',
            text: `Hello ${before.name},\n\nYour Leadtrail account now signs in with ${change.newEmail} instead of this address.\nIf you didn't do this, reset your password at ${appUrl}/reset-password and contact your workspace owner.`,
          });
        }
        return { outcome: 'changed' as const, newEmail: change.newEmail };
      });
      if (result.outcome === 'invalid')
        throw badRequest('invalid_token', 'This confirmation link is invalid, used or expired. Ask for a new one.');
      if (result.outcome === 'taken')
        throw conflict('Another account now uses this email address. Choose another one.');
      return { email: result.newEmail };
    },

    /** Current password required; every other session is signed out, every reset link spent. */
    async changePassword(ctx: AccountCtx, body: PasswordChangeBody): Promise<void> {
      const user = await uow.admin((tx) => requirePasswordIn(tx, ctx.userId, body.currentPassword, 'currentPassword'));
      const weak = weakPasswordReason(body.newPassword, user.name, user.email.split('@')[0] ?? '');
      if (weak) throw invalidField('newPassword', weak);
      if (await verifyPassword(user.passwordHash, body.newPassword)) {
        throw invalidField('newPassword', 'Choose a password different from the current one');
      }
      const passwordHash = await hashPassword(body.newPassword);
      await uow.admin((tx) => auth.setPasswordIn(tx, user.id, passwordHash, ctx.sessionId));
    },

    /** For other modules: the user's email address, or null. */
    emailOf: (userId: string) => uow.admin((tx) => emailOfIn(tx, userId)),
    emailOfIn,

    /** For other modules: whether an account uses this (normalised) email. */
    emailTaken: (email: string) => uow.admin((tx) => repo.emailTaken(tx, email)),
    emailTakenIn: (tx: Tx, email: string) => repo.emailTaken(tx, email),

    /**
     * For other modules, inside their unit of work (a deleted workspace): the account goes too
     * when it belongs to no workspace any more. True when it went.
     */
    deleteIfNoWorkspaceIn: (tx: Tx, userId: string) => repo.deleteIfNoMembership(tx, userId),

    /** For other modules, inside their unit of work: whether this is the user's password. */
    async checkPasswordIn(tx: Tx, userId: string, password: string): Promise<boolean> {
      const user = await repo.findUser(tx, userId);
      return !!user && (await verifyPassword(user.passwordHash, password));
    },

    async totpSetup(ctx: AccountCtx): Promise<TotpSetup> {
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      const user = await uow.admin(async (tx) => {
        const u = await userIn(tx, ctx.userId);
        if (u.totpEnabled)
          throw conflict('Two-factor authentication is already on. Turn it off first to set up a new app.');
        if (!(await repo.setPendingTotpSecret(tx, u.id, secret)))
          throw conflict('Two-factor authentication is already on');
        return u;
      });
      const otpauthUrl = totpFor(secret, user.email).toString();
      const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return { secret, otpauthUrl, qrDataUrl };
    },

    async totpEnable(ctx: RequestContext, code: string): Promise<RecoveryCodes> {
      return uow.admin(async (tx) => {
        const user = await userIn(tx, ctx.userId);
        if (user.totpEnabled) throw conflict('Two-factor authentication is already on');
        if (!user.totpSecret) throw badRequest('totp_not_set_up', 'Start the set-up first to get a QR code');
        const step = totpStep(user.totpSecret, code);
        if (step === null)
          throw invalidField('code', 'That code is not valid. Check the time on your phone and try the current code.');
        if (!(await repo.enableTotp(tx, user.id, step))) throw conflict('Two-factor authentication is already on');
        await audit.recordForIn(tx, ctx, { action: 'account.2fa_enabled', target: { type: 'user', id: user.id, label: user.name } });
        return { recoveryCodes: await secondFactor.issueRecoveryCodesIn(tx, user.id) };
      });
    },

    async totpDisable(ctx: RequestContext, body: TotpConfirmBody): Promise<void> {
      const done = await withSecondFactor(ctx, body, async (tx, user) => {
        await repo.disableTotp(tx, user.id);
        await secondFactor.clearRecoveryCodesIn(tx, user.id);
        await audit.recordForIn(tx, ctx, { action: 'account.2fa_disabled', target: { type: 'user', id: user.id, label: user.name } });
        return true;
      });
      if (!done) throw conflict('Two-factor authentication is already off');
    },

    async regenerateRecoveryCodes(ctx: AccountCtx, body: TotpConfirmBody): Promise<RecoveryCodes> {
      const codes = await withSecondFactor(ctx, body, (tx, user) => secondFactor.issueRecoveryCodesIn(tx, user.id));
      if (!codes) throw conflict('Turn on two-factor authentication first');
      return { recoveryCodes: codes };
    },

    async sessions(ctx: AccountCtx): Promise<SessionInfo[]> {
      const rows = await uow.admin((tx) => repo.listSessions(tx, ctx.userId));
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
      if (!(await uow.admin((tx) => auth.sessionsIn.revokeOwn(tx, ctx.userId, sessionId)))) throw notFound('Session');
    },

    revokeOtherSessions: (ctx: RequestContext) =>
      uow.admin(async (tx) => {
        const revoked = await auth.sessionsIn.revokeOthers(tx, ctx.userId, ctx.sessionId);
        await audit.recordForIn(tx, ctx, { action: 'auth.sessions_revoked', target: { type: 'user', id: ctx.userId }, details: { count: revoked } });
        return revoked;
      }),

    /** A member's role or status changed in the caller's unit of work: cached credentials are forgotten once it commits. */
    credentialsChangedIn: (tx: Tx) => auth.credentialsChangedIn(tx),

    /** Deactivation, inside the members module's unit of work: the member's sessions and API keys there end. */
    async revokeWorkspaceCredentialsIn(tx: Tx, userId: string, workspaceId: string) {
      const now = new Date();
      await auth.sessionsIn.revokeInWorkspace(tx, userId, workspaceId, now);
      await repo.revokeWorkspaceApiKeys(tx, userId, workspaceId, now);
    },

    async apiKeys(ctx: AccountCtx): Promise<ApiKey[]> {
      const rows = await uow.admin((tx) => repo.listApiKeys(tx, ctx.userId, ctx.workspaceId));
      return rows.map((k) => ({
        id: k.id,
        name: k.name,
        prefix: k.prefix,
        lastUsedAt: iso(k.lastUsedAt),
        createdAt: k.createdAt.toISOString(),
      }));
    },

    /** The key is returned once; only its SHA-256 is kept. It acts with the owner's role in this workspace. */
    async createApiKey(ctx: RequestContext, name: string): Promise<ApiKeyCreated> {
      const key = `lt_${newToken()}`;
      const row = await uow.admin(async (tx) => {
        const created = await repo.createApiKey(tx, {
          userId: ctx.userId,
          workspaceId: ctx.workspaceId,
          name: name.trim(),
          prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
          keyHash: hashToken(key),
        });
        await audit.recordForIn(tx, ctx, { action: 'api_key.created', target: { type: 'api_key', id: created.id, label: created.name }, details: { prefix: created.prefix } });
        return created;
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

    async revokeApiKey(ctx: RequestContext, id: string): Promise<void> {
      const revoked = await uow.admin(async (tx) => {
        if (!(await repo.revokeApiKey(tx, ctx.userId, ctx.workspaceId, id))) return false;
        await audit.recordForIn(tx, ctx, { action: 'api_key.revoked', target: { type: 'api_key', id } });
        return true;
      });
      if (!revoked) throw notFound('API key');
    },

    /** Moves the browser session to another workspace the user is an active member of. */
    async switchWorkspace(ctx: AccountCtx, workspaceId: string): Promise<Me> {
      if (!ctx.sessionId) throw forbidden('Switch workspaces from a browser session');
      const sessionId = ctx.sessionId;
      // one unit: the membership (the answer) read in the user's scope, then the session moved
      return uow.tenant({ workspaceId: '', userId: ctx.userId }, async (tx) => {
        let me: Me;
        try {
          me = await auth.meIn(tx, { userId: ctx.userId, workspaceId });
        } catch (err) {
          if (err instanceof AppError && err.status === 401) throw notFound('Workspace');
          throw err;
        }
        if (workspaceId !== ctx.workspaceId) await auth.sessionsIn.move(tx, sessionId, workspaceId);
        return me;
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
