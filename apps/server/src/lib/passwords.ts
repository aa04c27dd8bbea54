import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

// argon2id (the library's default algorithm) with OWASP's suggested cost
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);
export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

/** A reason the password is refused beyond its length, or null. */
export function weakPasswordReason(password: string, ...personal: string[]): string | null {
  const lower = password.toLowerCase();
  if (common.has(lower)) return 'This password is too common. Choose one that is harder to guess.';
  if (/^(.)\1+$/.test(password)) return 'This password repeats one character. Choose one that is harder to guess.';
  for (const word of personal) {
    if (word && word.length >= 4 && lower.includes(word.toLowerCase()))
      return 'Your password must not contain your name, email or company.';
  }
  return null;
}

let dummy: Promise<string> | null = null;
/** A hash to verify against when the account does not exist, so timing does not tell. */
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-' + Math.random()));
