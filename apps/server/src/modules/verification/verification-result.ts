/** What the verifier answers, and the rules that turn what it found into a status. */
import { emailStatusReasons } from '@leadtrail/contracts';

export const verificationStatuses = ['valid', 'risky', 'invalid', 'unknown'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** The reasons are the product's (contracts: emailStatusReasons), one list for the verifier and the API. */
export const verificationReasons = emailStatusReasons;
export type VerificationReason = (typeof verificationReasons)[number];

export type Verdict = { status: VerificationStatus; reason: VerificationReason | null };

export type VerificationResult = Verdict & {
  /** normalised: lower case, punycode domain (the input, trimmed, when its syntax is wrong) */
  email: string;
  lookedUp: true;
  checkedAt: Date;
  /** greylisting in progress: verify again at this time (the result is risky until then) */
  retryAt: Date | null;
  /** answered from the cache, nothing asked of DNS or SMTP (a quota may count it free) */
  cached: boolean;
};

/** An address on a `.example` domain: never looked up, its status stays the data's. */
export type NotLookedUp = { email: string; lookedUp: false };

export type VerifyOutcome = VerificationResult | NotLookedUp;

/**
 * A mailbox the server accepted: risky when the domain accepts any mailbox or the address is a
 * role's; valid otherwise, free webmail said as the reason. (Disposable domains are answered
 * before any SMTP.)
 */
export function acceptedVerdict(f: { acceptAll: boolean; role: boolean; webmail: boolean }): Verdict {
  if (f.acceptAll) return { status: 'risky', reason: 'accept_all' };
  if (f.role) return { status: 'risky', reason: 'role' };
  if (f.webmail) return { status: 'valid', reason: 'webmail' };
  return { status: 'valid', reason: null };
}

export type GreylistPolicy = {
  /** the first retry after this long; each next one after twice the last */
  firstRetryMs: number;
  /** retrying ends this long after the first temporary answer: then the result is unknown */
  giveUpAfterMs: number;
};

export const DEFAULT_GREYLIST: GreylistPolicy = { firstRetryMs: 5 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 };

/**
 * When to ask again after the `attempts`-th temporary answer (the first came at `since`), or
 * null when the day is over: exponential back-off, the last retry at the end of the day.
 */
export function greylistRetryAt(p: GreylistPolicy, since: Date, attempts: number, now: Date): Date | null {
  const end = since.getTime() + p.giveUpAfterMs;
  if (now.getTime() >= end) return null;
  const delay = p.firstRetryMs * 2 ** Math.max(0, attempts - 1);
  return new Date(Math.min(now.getTime() + delay, end));
}
