import { rolePermissions, type LoginBody, type Role, type Me, type RegisterBody } from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import { onCommit, type Tx, type UnitOfWork } from '../../core/unit-of-work.js';
import { SESSION_IDLE_DAYS } from '../../core/route-access.js';
import { AppError, badRequest, invalidField, unauthorized } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mail.js';
import { dummyHash, hashPassword, verifyPassword, weakPasswordReason } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AuthRepository, Credential, UserRow } from './auth.repository.js';
import type { NotifiedCache } from '../../core/notified-cache.js';
import { tooManyCodes, type CodeCheck, type SecondFactor } from './second-factor.js';
import type { AuditService } from '../audit/audit.service.js';

export const SESSION_TTL_MS = 14 * 86_400_000;
const RESET_TTL_MS = 3_600_000;
const REGISTRATION_TTL_MS = 24 * 3_600_000;
/** Wrong passwords in a row before an address is locked (decision 0014). */
export const LOGIN_FREE_FAILURES = 5;
const LOGIN_LOCK_BASE_MS = 60_000;
const LOGIN_LOCK_MAX_MS = 3_600_000;
/** 1 minute at the 5th failure, doubling with each further one, at most 1 hour. */
export const loginLockMs = (failures: number) =>
  Math.min(LOGIN_LOCK_BASE_MS * 2 ** (failures - LOGIN_FREE_FAILURES), LOGIN_LOCK_MAX_MS);

/** How long a browser that signed in stays trusted past its last sign-in (decision 0028). */
export const TRUSTED_DEVICE_TTL_MS = 180 * 86_400_000;
/** Reset mails one recipient gets in an hour at most; further requests send nothing (decision 0028). */
export const RESET_MAILS_PER_HOUR = 3;

const loginThrottled = (retryAfter: number) =>
  new AppError(
    429,
    'login_throttled',
    'Too many wrong passwords for this account. Wait a few minutes and try again, or reset your password.',
    { retryAfter },
  );

type ClientInfo = { ip: string; userAgent: string | null };
export type NewSession = { token: string; expiresAt: Date; userId: string; workspaceId: string };
/** The device cookie a sign-in leaves (a new token, or the one it came with, kept longer). */
export type TrustedDevice = { token: string; expiresAt: Date };
/** What a presented token turned out to be: a caller, a dead membership, or nothing. */
export type Authentication = { ctx: RequestContext } | { inactive: true } | null;

/** Whether a credential's last use is old enough to record again (at most once a minute). */
const stale = (lastUsedAt: Date | null) => !lastUsedAt || Date.now() - lastUsedAt.getTime() >= 60_000;
/** A user id nobody has: the failed sign-in of an unknown address looks its memberships up too. */
const NO_USER = '00000000-0000-0000-0000-000000000000';
/** Whether a credential was last used before today (UTC): an API key's first use of the day is audited. */
const firstToday = (lastUsedAt: Date | null) => !lastUsedAt || lastUsedAt.toISOString().slice(0, 10) !== new Date().toISOString().slice(0, 10);

/** A credential and its member as the per-request check reads them (and the cache keeps them). */
export type SeenCredential = Credential & { expiresAt: Date | null; memberId: string | null; role: Role | null; status: string | null };

/** An active member's credential needing no touch or audit now: usable as read (or as cached). */
const fresh = (via: 'session' | 'api-key', seen: SeenCredential): seen is SeenCredential & { memberId: string; role: Role; status: 'active' } =>
  seen.status === 'active' && !!seen.memberId && !!seen.role && !stale(seen.lastUsedAt) && !(via === 'api-key' && firstToday(seen.lastUsedAt));

export function createAuthService(deps: {
  uow: UnitOfWork;
  /** Credentials checked within the last seconds (issue 13); none: every request reads the database. */
  credentials?: NotifiedCache<SeenCredential>;
  repo: AuthRepository;
  mailer: Mailer;
  appUrl: string;
  secondFactor: SecondFactor;
  audit: AuditService;
}) {
  const { uow, repo, mailer, appUrl, secondFactor, audit, credentials } = deps;

  /** The write's result, once the credential cache is set to be emptied when its unit of work commits. */
  async function forgetOnCommit<T>(tx: Tx, write: Promise<T>): Promise<T> {
    const result = await write;
    onCommit(tx, () => credentials?.clear());
    return result;
  }

  /** Credential checks in flight, by via and token hash. */
  const checking = new Map<string, Promise<{ credential: Credential; member: { id: string; role: Role; status: string } | null } | null>>();

  /** A credential and its member as the database has them; touched (and audited) when its last use is a minute old. */
  async function check(via: 'session' | 'api-key', hash: string, key: string, client?: ClientInfo) {
    // the common case in one round trip, kept for the next requests
    const gen = credentials?.generation();
    const read = repo.credentialWithMemberSql(via, uow.literal(hash));
    const [seen] = await uow.readOnce<SeenCredential>(read.settings, read.statement);
    if (!seen) return null;
    if (fresh(via, seen)) {
      if (gen !== undefined) credentials?.set(key, seen, gen, seen.expiresAt);
      return { credential: seen, member: { id: seen.memberId, role: seen.role, status: seen.status } };
    }
    // the credential (no workspace yet), then its member in the credential's scope: one transaction
    return uow.resolve(
      (tx): Promise<Credential | null> =>
        via === 'api-key' ? repo.findApiKeyCredential(tx, hash) : repo.findSessionCredential(tx, hash),
      async (tx, credential) => {
        const { workspaceId, userId } = credential;
        const member = await repo.findMembership(tx, workspaceId, userId);
        const firstUse = via === 'api-key' && firstToday(credential.lastUsedAt);
        if (member?.status !== 'active' || (!stale(credential.lastUsedAt) && !firstUse)) return { credential, member };
        const now = new Date();
        if (via === 'api-key') {
          await repo.touchApiKey(tx, credential.id, now);
          // the key's first use of the day (UTC), with the touch that makes the next one not first
          if (firstUse)
            await audit.recordAdminIn(tx, {
              workspaceId,
              actor: { type: 'api_key', memberId: member.id, userId, apiKeyId: credential.id },
              ip: client?.ip ?? null,
              userAgent: client?.userAgent ?? null,
              action: 'api_key.used',
              target: { type: 'api_key', id: credential.id },
            });
        } else {
          const expiresAt = new Date(now.getTime() + SESSION_IDLE_DAYS * 86_400_000);
          await repo.touchSession(tx, { sessionId: credential.id, workspaceId, memberId: member.id, now, expiresAt });
        }
        return { credential, member };
      },
    );
  }

  /** A failed sign-in of a known account, recorded in each workspace it belongs to. */
  async function recordFailedSignInIn(tx: Tx, userId: string, client: ClientInfo, reason: string) {
    for (const m of await repo.listMemberships(tx, userId))
      await audit.recordAdminIn(tx, {
        workspaceId: m.workspaceId,
        actor: { type: 'member', memberId: m.memberId, userId },
        ...client,
        action: 'auth.sign_in_failed',
        details: { reason },
      });
  }

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

  /**
   * A new password inside the caller's unit of work: every other session ends, every
   * outstanding reset link stops working (one could sit in an attacker's hands) and a
   * login lock on the address is lifted.
   */
  /** The signed-in answer (GET /me) on `tx`, whose scope's user is ctx.userId (their memberships are visible). */
  async function meIn(tx: Tx, ctx: { userId: string; workspaceId: string }): Promise<Me> {
    const user = await repo.findUserById(tx, ctx.userId);
    const memberships = await repo.listMemberships(tx, ctx.userId);
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
  }

  async function setPasswordIn(tx: Tx, userId: string, passwordHash: string, keepSessionId: string | null) {
    const user = await repo.lockUser(tx, userId);
    if (!user) return;
    await repo.setPasswordHash(tx, userId, passwordHash);
    await repo.revokeUserSessions(tx, userId, keepSessionId);
    await repo.spendAllPasswordResets(tx, userId);
    await repo.clearThrottle(tx, user.email);
    // a browser that signed in with the old password (an attacker's too) is trusted no more
    await repo.forgetTrustedDevices(tx, userId);
  }

  async function sendPasswordReset(email: string) {
    const token = newToken();
    await uow.admin(async (tx) => {
      const found = await repo.findUserByEmail(tx, email);
      if (!found) return;
      // at most RESET_MAILS_PER_HOUR links an hour reach one mailbox; concurrent requests
      // count one after another on the user's row. Past the cap nothing is sent, silently:
      // the request's answer never changes (no enumeration, decision 0028)
      await repo.lockUser(tx, found.id);
      const since = new Date(Date.now() - 3_600_000);
      if ((await repo.countPasswordResetsSince(tx, found.id, since)) >= RESET_MAILS_PER_HOUR) return;
      const expiresAt = new Date(Date.now() + RESET_TTL_MS);
      await repo.createPasswordReset(tx, { tokenHash: hashToken(token), userId: found.id, expiresAt });
      // the link goes once the reset is committed (the outbox row is in this unit of work)
      await mailer.sendIn(tx, {
        to: email,
        subject: 'Reset your Leadtrail password',
        text: `Hello ${found.name},\n\nUse this link to choose a new password. It works once and expires in 1 hour:\n\n${appUrl}/reset-password/${token}\n\nIf you didn't ask for this, ignore this email; your password stays the same.`,
      });
    });
  }

  async function sendRegistration(r: RegisterBody & { passwordHash: string }) {
    const token = newToken();
    await uow.admin(async (tx) => {
      if (await repo.findUserByEmail(tx, r.email)) {
        // tell the account holder, not the caller
        await mailer.sendIn(tx, {
          to: r.email,
          subject: 'Someone tried to register with your email',
          text: `Someone tried to create a Leadtrail account with ${r.email}, which already has one.\n\nSign in at ${appUrl}/login or reset your password at ${appUrl}/reset-password.\nIf this wasn't you, you can ignore this email.`,
        });
        return;
      }
      const expiresAt = new Date(Date.now() + REGISTRATION_TTL_MS);
      const { name, email, companyName, passwordHash } = r;
      await repo.createRegistration(tx, {
        tokenHash: hashToken(token),
        email,
        name,
        companyName,
        passwordHash,
        expiresAt,
      });
      await mailer.sendIn(tx, {
        to: r.email,
        subject: 'Finish creating your Leadtrail account',
        text: `Hello ${r.name},\n\nFollow this link to create your Leadtrail account and the ${r.companyName} workspace. It works once and expires in 24 hours:\n\n${appUrl}/register/confirm/${token}\n\nIf you didn't sign up, ignore this email: no account is created.`,
      });
    });
  }

  /** Tells the account holder their sign-in is paused (they may want to reset the password). */
  function notifyLocked(user: { email: string; name: string }, until: Date) {
    const minutes = Math.ceil((until.getTime() - Date.now()) / 60_000);
    void mailer
      .send({
        to: user.email,
        subject: 'Sign-in to your Leadtrail account is paused',
        text: `Hello ${user.name},\n\nSomeone entered a wrong password for your Leadtrail account ${LOGIN_FREE_FAILURES} times in a row, so signing in from new browsers is paused for ${minutes} minute${minutes === 1 ? '' : 's'} (longer after each further wrong attempt). A browser you have signed in with before still gets in with your password.\n\nIf this was you, wait or reset your password at ${appUrl}/reset-password, which also lifts the pause. If it wasn't you, your password held; consider changing it and turning on two-factor authentication.`,
      })
      .catch(() => {});
  }

  return {
    /**
     * Asks for an account: the same 202 answer, in the same time, whether or not the
     * address has one (PRODUCT.md section 8). What happens next goes by email, after the
     * answer: a link that creates the account, or a notice to the existing holder.
     */
    async register(body: RegisterBody): Promise<void> {
      const email = body.email.toLowerCase();
      const weak = weakPasswordReason(body.password, body.name, email.split('@')[0] ?? '', body.companyName);
      if (weak) throw invalidField('password', weak);
      const passwordHash = await hashPassword(body.password);
      setImmediate(() => void sendRegistration({ ...body, email, passwordHash }).catch(() => {}));
    },

    /**
     * Follows the emailed link: spends it, then creates the user, the workspace, its owner
     * and a session, as one unit of work.
     */
    async confirmRegistration(token: string, client: ClientInfo): Promise<{ session: NewSession; me: Me }> {
      const workspaceId = newId();
      const userId = newId();
      // the new user's scope too: the answer (meIn) reads their memberships in the same unit
      const outcome = await uow.tenant({ workspaceId, userId }, async (tx) => {
        const asked = await repo.spendRegistration(tx, hashToken(token));
        if (!asked) return 'invalid' as const;
        const user = { id: userId, email: asked.email, name: asked.name, passwordHash: asked.passwordHash };
        // the address got an account meanwhile (another link, an invitation): this link is spent
        if (!(await repo.insertUser(tx, user))) return 'taken' as const;
        await repo.insertWorkspaceWithOwner(tx, { workspaceId, memberId: newId(), userId, name: asked.companyName });
        const session = await startSessionIn(tx, userId, workspaceId, client);
        return { session, me: await meIn(tx, session) };
      });
      if (outcome === 'invalid')
        throw badRequest(
          'invalid_token',
          'This sign-up link is invalid, used or expired. Register again to get a new one.',
        );
      if (outcome === 'taken')
        throw new AppError(
          409,
          'account_exists',
          'An account already uses this email address. Sign in or reset your password.',
        );
      return outcome;
    },

    /** An account made without signing in (the demo seed); null when the email is taken. */
    async createAccount(input: RegisterBody) {
      const email = input.email.toLowerCase();
      // the demo seed asks at every start: no password hashing once the account exists
      if (await uow.admin((tx) => repo.findUserByEmail(tx, email))) return null;
      const passwordHash = await hashPassword(input.password);
      const workspaceId = newId();
      return uow.tenant({ workspaceId }, async (tx) => {
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
      const userId = newId();
      if (!(await repo.insertUser(tx, { id: userId, email, name: input.name, passwordHash: input.passwordHash })))
        return null;
      return { userId };
    },

    /** Whether an account exists with exactly this password (the demo account's start-up check). */
    async passwordMatches(email: string, password: string) {
      const user = await uow.admin((tx) => repo.findUserByEmail(tx, email.toLowerCase()));
      return !!user && (await verifyPassword(user.passwordHash, password));
    },

    /**
     * Signs in. Every attempt is counted before the password is checked (a success resets
     * it), so concurrent guesses can't all be evaluated; after LOGIN_FREE_FAILURES the count
     * locks, doubling (decision 0014). Which count: a browser holding this account's device
     * cookie (it signed in before) has its own, so a stranger's guesses lock the address for
     * unknown browsers only and the owner still gets in (decision 0028); any other attempt
     * counts against the address. Unknown addresses are throttled the same way, so a lock
     * tells nothing about existence.
     */
    async login(
      body: LoginBody,
      client: ClientInfo,
      deviceToken?: string | null,
    ): Promise<{ session: NewSession; device: TrustedDevice }> {
      const email = body.email.toLowerCase();
      const deviceHash = deviceToken ? hashToken(deviceToken) : null;
      type Claim =
        | { retryAfter: number }
        | { retryAfter?: never; failures: number; lockedUntil: Date | null; user: UserRow | null; trusted: boolean };
      /** One more attempt on a count: its lock, or the new count (and the lock it starts). */
      const count = (row: {
        failures: number;
        lockedUntil: Date | null;
      }): { retryAfter: number } | { failures: number; lockedUntil: Date | null } => {
        const now = Date.now();
        if (row.lockedUntil && row.lockedUntil.getTime() > now)
          return { retryAfter: Math.ceil((row.lockedUntil.getTime() - now) / 1000) };
        const failures = row.failures + 1;
        return { failures, lockedUntil: failures >= LOGIN_FREE_FAILURES ? new Date(now + loginLockMs(failures)) : null };
      };
      const claim = await uow.admin(async (tx): Promise<Claim> => {
        if (deviceHash) {
          const known = await repo.findUserByEmail(tx, email);
          // looked up for an unknown address too (it finds none): the same work either way
          const device = await repo.lockTrustedDevice(tx, deviceHash, known?.id ?? NO_USER);
          if (known && device) {
            const c = count(device);
            if ('retryAfter' in c) return c;
            await repo.setDeviceThrottle(tx, deviceHash, c.failures, c.lockedUntil);
            return { ...c, user: known, trusted: true };
          }
        }
        const c = count(await repo.lockThrottle(tx, email));
        if ('retryAfter' in c) return c;
        await repo.setThrottle(tx, email, c.failures, c.lockedUntil);
        return { ...c, user: await repo.findUserByEmail(tx, email), trusted: false };
      });
      if (claim.retryAfter !== undefined) throw loginThrottled(claim.retryAfter);
      const { user, trusted } = claim;
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
      if (!user || !ok) {
        // an unknown address belongs to no workspace: its look-up finds none and records nothing,
        // but runs all the same, so the answer takes as long as for an account (no enumeration)
        const who = user?.id ?? NO_USER;
        await uow.tenant({ workspaceId: '', userId: who }, (tx) => recordFailedSignInIn(tx, who, client, 'wrong_password'));
        if (user && !trusted && claim.failures === LOGIN_FREE_FAILURES && claim.lockedUntil) notifyLocked(user, claim.lockedUntil);
        throw unauthorized('Incorrect email or password', 'invalid_credentials');
      }
      type Outcome =
        | { session: NewSession; device: TrustedDevice; refused?: never }
        | { refused: Exclude<CodeCheck, 'ok'> | 'no_workspace' | 'totp_required' };
      const outcome = await uow.tenant({ workspaceId: '', userId: user.id }, async (tx): Promise<Outcome> => {
        // the right password: its count starts again (a trusted browser's own; the address's
        // lock stays for unknown browsers while someone else keeps guessing)
        if (trusted && deviceHash) await repo.setDeviceThrottle(tx, deviceHash, 0, null);
        else await repo.clearThrottle(tx, email);
        if (user.totpEnabled) {
          if (!body.totpCode) return { refused: 'totp_required' };
          const check = await secondFactor.verifyIn(tx, user.id, body.totpCode);
          // a wrong code is committed (it counts), then answered
          if (check !== 'ok') {
            await recordFailedSignInIn(tx, user.id, client, check === 'wrong' ? 'wrong_code' : 'too_many_codes');
            return { refused: check };
          }
        }
        const [membership] = await repo.listMemberships(tx, user.id);
        if (!membership) return { refused: 'no_workspace' };
        const session = await startSessionIn(tx, user.id, membership.workspaceId, client);
        await audit.recordAdminIn(tx, {
          workspaceId: membership.workspaceId,
          actor: { type: 'member', memberId: membership.memberId, userId: user.id },
          ...client,
          action: 'auth.sign_in',
          details: { twoFactor: user.totpEnabled },
        });
        // the browser is trusted from now on (decision 0028): its cookie kept longer, or a new one
        const expiresAt = new Date(Date.now() + TRUSTED_DEVICE_TTL_MS);
        if (trusted && deviceToken && deviceHash) {
          await repo.touchTrustedDevice(tx, deviceHash, expiresAt);
          return { session, device: { token: deviceToken, expiresAt } };
        }
        const token = newToken();
        await repo.createTrustedDevice(tx, { tokenHash: hashToken(token), userId: user.id, expiresAt });
        return { session, device: { token, expiresAt } };
      });
      if (!outcome.refused) return { session: outcome.session, device: outcome.device };
      if (outcome.refused === 'totp_required')
        throw unauthorized('Enter the code from your authenticator app', 'totp_required');
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
    async authenticate(via: 'session' | 'api-key', token: string, client?: ClientInfo): Promise<Authentication> {
      const hash = hashToken(token);
      const ctxOf = (credential: Credential, member: { id: string; role: Role }): Authentication => ({
        ctx: {
          userId: credential.userId,
          workspaceId: credential.workspaceId,
          memberId: member.id,
          role: member.role,
          permissions: rolePermissions[member.role],
          via,
          sessionId: via === 'session' ? credential.id : null,
          apiKeyId: via === 'api-key' ? credential.id : null,
          ip: client?.ip ?? null,
          userAgent: client?.userAgent ?? null,
        },
      });
      // an active member's credential used within the minute: from this process's cache
      // (core/notified-cache.ts) or else read; requests arriving together with the same
      // credential share one check (a touch once a minute, not one per request in flight)
      const key = `${via}:${hash}`;
      const cached = credentials?.get(key);
      if (cached && fresh(via, cached)) return ctxOf(cached, { id: cached.memberId, role: cached.role });
      let pending = checking.get(key);
      if (!pending) {
        pending = check(via, hash, key, client).finally(() => checking.delete(key));
        checking.set(key, pending);
      }
      const found = await pending;
      if (!found) return null;
      const { credential, member } = found;
      if (member?.status !== 'active') return { inactive: true };
      return ctxOf(credential, member);
    },

    me: (ctx: { userId: string; workspaceId: string }): Promise<Me> => uow.read({ workspaceId: '', userId: ctx.userId }, (tx) => meIn(tx, ctx)),

    /** The same answer read in the caller's unit of work (its scope's user must be ctx.userId). */
    meIn,

    /**
     * Same answer and the same timing whether or not the email has an account: the
     * request only schedules the work (look-up, link, mail), which runs after the answer.
     */
    async requestPasswordReset(rawEmail: string): Promise<void> {
      const email = rawEmail.toLowerCase();
      setImmediate(() => void sendPasswordReset(email).catch(() => {}));
    },

    /** Whether a reset link still works, so the page says so before a password is typed twice. */
    async checkPasswordReset(token: string): Promise<boolean> {
      if (token.length < 10) return false;
      return uow.admin((tx) => repo.passwordResetUsable(tx, hashToken(token)));
    },

    /** Spends the link, sets the password and signs the user out everywhere, as one unit of work. */
    async confirmPasswordReset(token: string, password: string): Promise<void> {
      const weak = weakPasswordReason(password);
      if (weak) throw invalidField('password', weak);
      const passwordHash = await hashPassword(password);
      const userId = await uow.admin(async (tx) => {
        const id = await repo.spendPasswordReset(tx, hashToken(token));
        if (id) await setPasswordIn(tx, id, passwordHash, null);
        return id;
      });
      if (!userId) throw badRequest('invalid_token', 'This reset link is invalid, used or expired. Ask for a new one.');
    },

    setPasswordIn,

    /**
     * Session writes inside another module's unit of work (account, members): this module's
     * repository is the one writer of the sessions table (issue 25).
     */
    /**
     * Session writes. Each also empties this process's credential cache once its use case commits:
     * the database's notice (core/notified-cache.ts) reaches the caches too, but a session's own
     * notice can arrive after its COMMIT has returned, and the caller's next request must not be
     * answered from what it just changed (a workspace switch read back as the old workspace).
     */
    sessionsIn: {
      /** One of the user's own sessions ends; false when it is not theirs or already ended. */
      revokeOwn: (tx: Tx, userId: string, sessionId: string) => forgetOnCommit(tx, repo.revokeOwnSession(tx, userId, sessionId)),
      /** Every session of the user but the one kept ends; the number ended. */
      revokeOthers: (tx: Tx, userId: string, keepSessionId: string | null) => forgetOnCommit(tx, repo.revokeUserSessions(tx, userId, keepSessionId)),
      /** The browser session acts in another workspace (the caller checked the membership). */
      move: (tx: Tx, sessionId: string, workspaceId: string) => forgetOnCommit(tx, repo.moveSession(tx, sessionId, workspaceId)),
      /** The member's sessions in one workspace end (deactivation). */
      revokeInWorkspace: (tx: Tx, userId: string, workspaceId: string, at: Date) =>
        forgetOnCommit(tx, repo.revokeWorkspaceSessions(tx, userId, workspaceId, at)),
    },

    /** A member's role or status changed in this unit of work: the credential cache is emptied once it commits. */
    credentialsChangedIn: (tx: Tx) => {
      onCommit(tx, () => credentials?.clear());
    },

    /** A session for someone who just joined (an invitation), inside that use case's unit of work. */
    startSessionIn,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
