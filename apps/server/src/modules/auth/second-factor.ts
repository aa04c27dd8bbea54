import { randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recoveryCodes, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { hashToken } from '../../lib/tokens.js';

export type SecondFactor = {
  /** A current TOTP code or an unused recovery code (then spent); 429 after too many wrong codes. */
  verify: (userId: string, code: string) => Promise<boolean>;
  /** Replaces the user's recovery codes with new ones, returned in clear once. */
  issueRecoveryCodes: (userId: string) => Promise<string[]>;
  recoveryCodesLeft: (userId: string) => Promise<number>;
  clearRecoveryCodes: (userId: string) => Promise<void>;
};

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

/** Checks TOTP codes against users.totp_secret and single-use recovery codes, with a limiter. */
export function createSecondFactor(db: Db): SecondFactor {
  async function recordFailure(userId: string) {
    const windowStart = new Date(Date.now() - CODE_FAILURE_WINDOW_MS);
    await db.run({}, (tx) =>
      tx
        .update(users)
        .set({
          totpFailedAttempts: sql`case when ${users.totpLastFailedAt} is null or ${users.totpLastFailedAt} < ${windowStart} then 1 else ${users.totpFailedAttempts} + 1 end`,
          totpLastFailedAt: new Date(),
        })
        .where(eq(users.id, userId)),
    );
  }

  return {
    async verify(userId, code) {
      const [user] = await db.run({}, (tx) => tx.select().from(users).where(eq(users.id, userId)).limit(1));
      if (!user?.totpSecret) return false;
      const lastFailed = user.totpLastFailedAt?.getTime() ?? 0;
      if (user.totpFailedAttempts >= MAX_CODE_FAILURES && Date.now() - lastFailed < CODE_FAILURE_WINDOW_MS) {
        const retryAfter = Math.ceil((lastFailed + CODE_FAILURE_WINDOW_MS - Date.now()) / 1000);
        throw new AppError(429, 'too_many_attempts', 'Too many wrong codes. Wait 15 minutes and try again.', {
          retryAfter,
        });
      }

      let ok = false;
      const step = totpStep(user.totpSecret, code);
      if (step !== null) {
        // a code is accepted once: a replayed (observed) code is refused
        const [updated] = await db.run({}, (tx) =>
          tx
            .update(users)
            .set({ totpLastStep: step, totpFailedAttempts: 0, totpLastFailedAt: null })
            .where(and(eq(users.id, userId), sql`coalesce(${users.totpLastStep}, -1) < ${step}`))
            .returning({ id: users.id }),
        );
        ok = !!updated;
      } else if (normalizeRecoveryCode(code).length === 10) {
        const [spent] = await db.run({}, (tx) =>
          tx
            .update(recoveryCodes)
            .set({ usedAt: new Date() })
            .where(
              and(
                eq(recoveryCodes.userId, userId),
                eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
                isNull(recoveryCodes.usedAt),
              ),
            )
            .returning({ id: recoveryCodes.id }),
        );
        ok = !!spent;
        if (ok) {
          await db.run({}, (tx) =>
            tx.update(users).set({ totpFailedAttempts: 0, totpLastFailedAt: null }).where(eq(users.id, userId)),
          );
        }
      }
      if (!ok) await recordFailure(userId);
      return ok;
    },

    async issueRecoveryCodes(userId) {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomChunk()}-${randomChunk()}`);
      await db.run({}, async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx
          .insert(recoveryCodes)
          .values(codes.map((c) => ({ id: newId(), userId, codeHash: hashRecoveryCode(c) })));
      });
      return codes;
    },

    async recoveryCodesLeft(userId) {
      const [row] = await db.run({}, (tx) =>
        tx
          .select({ n: sql<number>`count(*)::int` })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
      );
      return row?.n ?? 0;
    },

    async clearRecoveryCodes(userId) {
      await db.run({}, (tx) => tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)));
    },
  };
}
