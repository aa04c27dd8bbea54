import * as OTPAuth from 'otpauth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type SecondFactor = { verify: (userId: string, code: string) => Promise<boolean> };

/** Checks a TOTP code against the user's secret (recovery codes come with account settings). */
export function createSecondFactor(db: Db): SecondFactor {
  return {
    async verify(userId, code) {
      const [user] = await db.run({}, (tx) => tx.select().from(users).where(eq(users.id, userId)).limit(1));
      if (!user?.totpSecret) return false;
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(user.totpSecret) });
      return totp.validate({ token: code.replace(/\s/g, ''), window: 1 }) !== null;
    },
  };
}
