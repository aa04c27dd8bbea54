import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { emailDomains, emailVerifications } from '../../db/schema/index.js';
import type { MxHost } from './email-domain.js';
import type { VerificationReason, VerificationStatus } from './verification-result.js';

/**
 * The only file that queries the verifier's cache (migration 0840): global tables, shared by
 * every workspace (a fact about the address or the domain), so any transaction may use them.
 */

export const ADDRESS_TTL_DAYS = 30;
export const DOMAIN_TTL_DAYS = 7;

export type CachedAddress = {
  address: string;
  status: VerificationStatus;
  reason: VerificationReason | null;
  checkedAt: Date;
  greylistedSince: Date | null;
  attempts: number;
  retryAt: Date | null;
};

export type CachedDomain = {
  domain: string;
  dns: 'mx' | 'no_domain' | 'no_mx' | 'null_mx';
  mx: MxHost[] | null;
  mxImplicit: boolean;
  checkedAt: Date;
  /** null: not known, or known longer ago than the domain TTL */
  acceptAll: boolean | null;
};

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

export function createVerificationRepository() {
  return {
    /** The addresses' results checked within the last 30 days. */
    findAddresses: async (tx: Tx, addresses: string[], now: Date): Promise<CachedAddress[]> => {
      if (addresses.length === 0) return [];
      const rows = await tx
        .select()
        .from(emailVerifications)
        .where(
          and(
            inArray(emailVerifications.address, addresses),
            gt(emailVerifications.checkedAt, daysBefore(now, ADDRESS_TTL_DAYS)),
          ),
        );
      return rows as CachedAddress[];
    },

    saveAddresses: async (tx: Tx, rows: CachedAddress[]) => {
      if (rows.length === 0) return;
      const excluded = (c: string) => sql.raw(`excluded.${c}`);
      await tx
        .insert(emailVerifications)
        .values(rows)
        .onConflictDoUpdate({
          target: emailVerifications.address,
          set: {
            status: excluded('status'),
            reason: excluded('reason'),
            checkedAt: excluded('checked_at'),
            greylistedSince: excluded('greylisted_since'),
            attempts: excluded('attempts'),
            retryAt: excluded('retry_at'),
          },
        });
    },

    /** The domains' DNS answers checked within the last 7 days, with accept-all when as fresh. */
    findDomains: async (tx: Tx, domains: string[], now: Date): Promise<CachedDomain[]> => {
      if (domains.length === 0) return [];
      const since = daysBefore(now, DOMAIN_TTL_DAYS);
      const rows = await tx
        .select()
        .from(emailDomains)
        .where(and(inArray(emailDomains.domain, domains), gt(emailDomains.checkedAt, since)));
      return rows.map((r) => ({
        domain: r.domain,
        dns: r.dns as CachedDomain['dns'],
        mx: r.mx as MxHost[] | null,
        mxImplicit: r.mxImplicit,
        checkedAt: r.checkedAt,
        acceptAll: r.acceptAllCheckedAt && r.acceptAllCheckedAt > since ? r.acceptAll : null,
      }));
    },

    saveDomain: async (
      tx: Tx,
      d: { domain: string; dns: CachedDomain['dns']; mx: MxHost[] | null; mxImplicit: boolean; checkedAt: Date },
    ) => {
      await tx
        .insert(emailDomains)
        .values(d)
        .onConflictDoUpdate({
          target: emailDomains.domain,
          set: { dns: d.dns, mx: d.mx, mxImplicit: d.mxImplicit, checkedAt: d.checkedAt },
        });
    },

    /** Whether the domain takes any mailbox, as last probed (its DNS row is written first). */
    saveAcceptAll: async (tx: Tx, domain: string, acceptAll: boolean, at: Date) => {
      await tx.update(emailDomains).set({ acceptAll, acceptAllCheckedAt: at }).where(eq(emailDomains.domain, domain));
    },

    /** An erasure (decision 0024): the person's address leaves the shared cache too. */
    forgetAddress: async (tx: Tx, address: string) => {
      const r = await tx.delete(emailVerifications).where(eq(emailVerifications.address, address));
      return r.rowCount ?? 0;
    },

    /** Drops results past their time (a scheduled job's work, once wired). */
    deleteExpired: async (tx: Tx, now: Date) => {
      const a = await tx
        .delete(emailVerifications)
        .where(lt(emailVerifications.checkedAt, daysBefore(now, ADDRESS_TTL_DAYS)));
      const d = await tx.delete(emailDomains).where(lt(emailDomains.checkedAt, daysBefore(now, DOMAIN_TTL_DAYS)));
      return { addresses: a.rowCount ?? 0, domains: d.rowCount ?? 0 };
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
