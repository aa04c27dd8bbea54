import { randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Tx } from '../../core/unit-of-work.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { hashToken } from '../../lib/tokens.js';
import type { AuthRepository, UserRow } from './auth.repository.js';

export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes allowed in a window before the limiter answers 429. */
export const MAX_CODE_FAILURES = 5;
export const CODE_FAILURE_WINDOW_MS = 15 * 60_000;
const TOTP_PERIOD = 30;

export const totpFor = (secretBase32: string, label = 'Leadtrail') =>
  new OTPAuth.TOTP({
    issuer: 'Leadtrail',
    label,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
    period: TOTP_PERIOD,
  });

/** The time step a 6-digit code belongs to (±1 step of clock drift), or null. */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

// no 0/o, 1/l/i: codes are read from paper
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const randomChunk = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (code: string) => hashToken(`recovery:${normalizeRecoveryCode(code)}`);

/** What a code check found: the caller commits (a wrong code counts) before answering. */
export type CodeCheck = 'ok' | 'wrong' | { retryAfter: number };

/** The limiter's answer once a check found the user locked out. */
export const tooManyCodes = (retryAfter: number) =>
  new AppError(429, 'too_many_attempts', 'Too many wrong codes. Wait 15 minutes and try again.', { retryAfter });

/**
 * Checks TOTP codes against users.totp_secret and single-use recovery codes, with a limiter.
 * Runs inside the caller's unit of work; a wrong code is recorded there, so the caller must
 * commit before it answers with an error.
 */
export function createSecondFactor(repo: AuthRepository) {
  return {
    /**
     * Locks the user's row first and reads the limiter's count under the lock, so concurrent
     * checks of one user queue and each sees the failures before it: at most
     * MAX_CODE_FAILURES wrong codes are evaluated, whoever calls (sign-in, turning 2FA off).
     */
    async verifyIn(tx: Tx, userId: string, code: string): Promise<CodeCheck> {
      const user: UserRow | null = await repo.lockUser(tx, userId);
      if (!user?.totpSecret) return 'wrong';
      const lastFailed = user.totpLastFailedAt?.getTime() ?? 0;
      if (user.totpFailedAttempts >= MAX_CODE_FAILURES && Date.now() - lastFailed < CODE_FAILURE_WINDOW_MS) {
        return { retryAfter: Math.ceil((lastFailed + CODE_FAILURE_WINDOW_MS - Date.now()) / 1000) };
      }
      let ok = false;
      const step = totpStep(user.totpSecret, code);
      if (step !== null) {
        // a code is accepted once: a replayed (observed) code is refused
        ok = await repo.spendTotpStep(tx, user.id, step);
      } else if (normalizeRecoveryCode(code).length === 10) {
        ok = await repo.spendRecoveryCode(tx, user.id, hashRecoveryCode(code));
        if (ok) await repo.clearCodeFailures(tx, user.id);
      }
      if (!ok) await repo.recordCodeFailure(tx, user.id, new Date(Date.now() - CODE_FAILURE_WINDOW_MS));
      return ok ? 'ok' : 'wrong';
    },

    /** Replaces the user's recovery codes with new ones, returned in clear once. */
    async issueRecoveryCodesIn(tx: Tx, userId: string): Promise<string[]> {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomChunk()}-${randomChunk()}`);
      await repo.replaceRecoveryCodes(
        tx,
        userId,
        codes.map((c) => ({ id: newId(), codeHash: hashRecoveryCode(c) })),
      );
      return codes;
    },

    recoveryCodesLeftIn: (tx: Tx, userId: string) => repo.countRecoveryCodes(tx, userId),
    clearRecoveryCodesIn: (tx: Tx, userId: string) => repo.replaceRecoveryCodes(tx, userId, []),
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
