import { and, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { CreditFeature, CreditKind } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';
import {
  contacts,
  creditAccounts,
  creditGrants,
  creditLedger,
  creditLedgerLines,
  memberCreditLimits,
  members,
  prospectReveals,
  users,
  type CreditDraw,
  type CreditGrantSource,
} from '../../db/schema/index.js';

export type LiveGrant = { id: string; source: CreditGrantSource; remaining: number; expiresAt: Date | null };

export type NewGrant = {
  id: string;
  source: CreditGrantSource;
  amount: number;
  periodStart: Date | null;
  expiresAt: Date | null;
  reference: string | null;
  createdAt: Date;
};

export type NewLedgerRow = {
  id: string;
  kind: CreditKind;
  feature: CreditFeature;
  amount: number;
  grantId: string | null;
  draws: CreditDraw[] | null;
  memberId: string | null;
  reference: string | null;
  description: string;
  dataRequested: string | null;
  balanceAfter: number;
  createdAt: Date;
  /** A person's spend or refund (decision 0027). */
  revealId?: string | null;
  valueHash?: string | null;
};

/** One person's part of a reveal's ledger row (decision 0035). */
export type NewLedgerLine = {
  ledgerId: string;
  line: number;
  feature: 'prospect_email' | 'prospect_phone';
  amount: number;
  reference: string;
  revealId: string | null;
  valueHash: string | null;
  grantId: string | null;
};

export type LedgerFilter = {
  from?: Date;
  to?: Date;
  memberId?: string;
  kind?: CreditKind;
  feature?: CreditFeature;
  includeRefunds?: boolean;
};

const ledgerColumns = {
  id: creditLedger.id,
  createdAt: creditLedger.createdAt,
  kind: creditLedger.kind,
  feature: creditLedger.feature,
  description: creditLedger.description,
  credits: creditLedger.amount,
  balanceAfter: creditLedger.balanceAfter,
  memberId: creditLedger.memberId,
  memberName: users.name,
  reference: creditLedger.reference,
  dataRequested: creditLedger.dataRequested,
};
export type LedgerRow = {
  id: string;
  createdAt: Date;
  kind: CreditKind;
  feature: CreditFeature;
  description: string;
  credits: number;
  balanceAfter: number;
  memberId: string | null;
  memberName: string | null;
  reference: string | null;
  dataRequested: string | null;
};

const n = (v: unknown) => Number(v ?? 0);

/**
 * The only file that queries the credit tables. Methods take the caller's transaction;
 * every write happens under the workspace's account lock (lockAccount).
 */
export function createCreditsRepository() {
  function ledgerWhere(workspaceId: string, f: LedgerFilter): SQL {
    const conds: (SQL | undefined)[] = [eq(creditLedger.workspaceId, workspaceId)];
    if (f.from) conds.push(gte(creditLedger.createdAt, f.from));
    if (f.to) conds.push(lt(creditLedger.createdAt, f.to));
    if (f.memberId) conds.push(eq(creditLedger.memberId, f.memberId));
    if (f.kind) conds.push(eq(creditLedger.kind, f.kind));
    if (f.feature) conds.push(eq(creditLedger.feature, f.feature));
    if (f.includeRefunds === false) conds.push(ne(creditLedger.kind, 'refund'));
    return and(...conds)!;
  }

  return {
    /** Takes the workspace's credit lock (creating its row the first time): spends serialise here. */
    async lockAccount(tx: Tx, workspaceId: string): Promise<void> {
      const r = await tx.execute(sql`select 1 from credit_accounts where workspace_id = ${workspaceId} for update`);
      if (r.rows.length) return;
      await tx
        .insert(creditAccounts)
        .values({ workspaceId })
        .onConflictDoUpdate({ target: creditAccounts.workspaceId, set: { updatedAt: sql`now()` } });
    },

    /** Whether the period's plan grant is missing or a grant waits to be expired (no lock, no write). */
    async needsSettle(tx: Tx, workspaceId: string, periodStart: Date, now: Date): Promise<boolean> {
      const r = await tx.execute<{ due: boolean }>(sql`
        select not exists (select 1 from credit_grants where workspace_id = ${workspaceId} and source = 'plan'
                             and period_start = ${periodStart.toISOString()}::timestamptz)
            or exists (select 1 from credit_grants where workspace_id = ${workspaceId} and expired_at is null
                         and remaining > 0 and expires_at <= ${now.toISOString()}::timestamptz) as due`);
      return Boolean(r.rows[0]?.due);
    },

    /** Grants past their expiry with credits left, soonest first. */
    expirable: (tx: Tx, workspaceId: string, now: Date): Promise<LiveGrant[]> =>
      tx
        .select({ id: creditGrants.id, source: creditGrants.source, remaining: creditGrants.remaining, expiresAt: creditGrants.expiresAt })
        .from(creditGrants)
        .where(
          and(
            eq(creditGrants.workspaceId, workspaceId),
            sql`${creditGrants.expiredAt} is null and ${creditGrants.remaining} > 0 and ${creditGrants.expiresAt} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(creditGrants.expiresAt, creditGrants.createdAt),

    /** Grants with credits to spend, in spending order: what expires first, never-expiring last. */
    live: (tx: Tx, workspaceId: string): Promise<LiveGrant[]> =>
      tx
        .select({ id: creditGrants.id, source: creditGrants.source, remaining: creditGrants.remaining, expiresAt: creditGrants.expiresAt })
        .from(creditGrants)
        .where(and(eq(creditGrants.workspaceId, workspaceId), sql`${creditGrants.expiredAt} is null and ${creditGrants.remaining} > 0`))
        .orderBy(sql`${creditGrants.expiresAt} asc nulls last`, creditGrants.createdAt, creditGrants.id),

    async balance(tx: Tx, workspaceId: string): Promise<number> {
      const r = await tx.execute<{ b: string }>(
        sql`select coalesce(sum(remaining), 0) as b from credit_grants where workspace_id = ${workspaceId} and expired_at is null`,
      );
      return n(r.rows[0]?.b);
    },

    /**
     * The balance, the holds of unfinished bulk reveals (all, and the member's own, leaving out
     * one job) and the member's limit and use since `from`, in one round trip (every spend reads it).
     */
    async state(tx: Tx, workspaceId: string, memberId: string | null, from: Date, exceptJobId: string | null) {
      const r = await tx.execute<{ balance: string; reserved: string; member_reserved: string; member_limit: number | null; member_used: string }>(sql`
        select
          (select coalesce(sum(remaining), 0) from credit_grants where workspace_id = ${workspaceId} and expired_at is null) as balance,
          h.reserved, h.member_reserved,
          (select monthly_limit from member_credit_limits where workspace_id = ${workspaceId} and member_id = ${memberId}) as member_limit,
          (select coalesce(-sum(amount), 0) from credit_ledger
            where workspace_id = ${workspaceId} and member_id = ${memberId} and kind in ('spend', 'refund')
              and created_at >= ${from.toISOString()}::timestamptz) as member_used
        from (
          select coalesce(sum(greatest(estimated_cost - charged, 0)), 0) as reserved,
                 coalesce(sum(greatest(estimated_cost - charged, 0)) filter (where member_id = ${memberId}), 0) as member_reserved
          from reveal_jobs
          where workspace_id = ${workspaceId} and status in ('queued', 'running') and id is distinct from ${exceptJobId}::uuid
        ) h`);
      const row = r.rows[0]!;
      return { balance: n(row.balance), reserved: n(row.reserved), memberReserved: n(row.member_reserved), memberLimit: row.member_limit, memberUsed: n(row.member_used) };
    },

    /** Credits spent since `from` (refunds deducted), by the workspace or one member. */
    async used(tx: Tx, workspaceId: string, from: Date, memberId: string | null): Promise<number> {
      const r = await tx.execute<{ used: string }>(sql`
        select coalesce(-sum(amount), 0) as used from credit_ledger
        where workspace_id = ${workspaceId} and kind in ('spend', 'refund') and created_at >= ${from.toISOString()}::timestamptz
          ${memberId ? sql`and member_id = ${memberId}` : sql``}`);
      return n(r.rows[0]?.used);
    },

    /** Unexpired grants that expire, soonest first. */
    expiring: (tx: Tx, workspaceId: string) =>
      tx
        .select({ amount: creditGrants.remaining, at: creditGrants.expiresAt })
        .from(creditGrants)
        .where(
          and(
            eq(creditGrants.workspaceId, workspaceId),
            sql`${creditGrants.expiredAt} is null and ${creditGrants.remaining} > 0 and ${creditGrants.expiresAt} is not null`,
          ),
        )
        .orderBy(creditGrants.expiresAt)
        .limit(10),

    /** Inserts a grant; a second plan grant for the same period is ignored (false). */
    async insertGrant(tx: Tx, workspaceId: string, g: NewGrant): Promise<boolean> {
      const r = await tx.execute(sql`
        insert into credit_grants (workspace_id, id, source, amount, remaining, period_start, expires_at, reference, created_at)
        values (${workspaceId}, ${g.id}, ${g.source}, ${g.amount}, ${g.amount}, ${g.periodStart?.toISOString() ?? null}::timestamptz,
                ${g.expiresAt?.toISOString() ?? null}::timestamptz, ${g.reference}, ${g.createdAt.toISOString()}::timestamptz)
        on conflict (workspace_id, period_start) where source = 'plan' do nothing`);
      return (r.rowCount ?? 0) > 0;
    },

    async setRemaining(tx: Tx, workspaceId: string, changes: { id: string; remaining: number }[]): Promise<void> {
      if (!changes.length) return;
      const values = sql.join(
        changes.map((c) => sql`(${c.id}::uuid, ${c.remaining}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        update credit_grants g set remaining = v.remaining
        from (values ${values}) as v (id, remaining)
        where g.workspace_id = ${workspaceId} and g.id = v.id`);
    },

    async markExpired(tx: Tx, workspaceId: string, ids: string[], at: Date): Promise<void> {
      if (!ids.length) return;
      await tx
        .update(creditGrants)
        .set({ remaining: 0, expiredAt: at })
        .where(and(eq(creditGrants.workspaceId, workspaceId), inArray(creditGrants.id, ids)));
    },

    async insertLedger(tx: Tx, workspaceId: string, rows: NewLedgerRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 1000) {
        await tx.insert(creditLedger).values(rows.slice(i, i + 1000).map((r) => ({ ...r, workspaceId })));
      }
    },

    async insertLines(tx: Tx, workspaceId: string, lines: NewLedgerLine[]): Promise<void> {
      for (let i = 0; i < lines.length; i += 1000) {
        await tx.insert(creditLedgerLines).values(lines.slice(i, i + 1000).map((l) => ({ ...l, workspaceId })));
      }
    },

    /**
     * The people a reveal's ledger row paid for, in the order charged (none for other rows), with
     * the contact each became while it is still there (its name as the workspace keeps it now).
     */
    lines: (tx: Tx, workspaceId: string, ledgerId: string) =>
      tx
        .select({
          prospectId: creditLedgerLines.reference,
          credits: creditLedgerLines.amount,
          contactId: contacts.id,
          name: sql<string | null>`nullif(trim(concat_ws(' ', ${contacts.firstName}, ${contacts.lastName})), '')`,
        })
        .from(creditLedgerLines)
        .leftJoin(
          prospectReveals,
          and(eq(prospectReveals.workspaceId, creditLedgerLines.workspaceId), sql`${prospectReveals.prospectId}::text = ${creditLedgerLines.reference}`),
        )
        .leftJoin(contacts, and(eq(contacts.workspaceId, creditLedgerLines.workspaceId), eq(contacts.id, prospectReveals.contactId)))
        .where(and(eq(creditLedgerLines.workspaceId, workspaceId), eq(creditLedgerLines.ledgerId, ledgerId)))
        .orderBy(creditLedgerLines.line),

    /**
     * The latest spend that charged for a person's data (feature + prospect id) in this reveal's
     * life (or from before lives were recorded), with the grant it drew first: a line of a
     * reveal's row (decision 0035), or a row of its own (a spend from before 0900).
     */
    async findSpend(tx: Tx, workspaceId: string, feature: CreditFeature, reference: string, revealId: string | null) {
      const [line] = await tx
        .select({
          id: creditLedger.id, amount: sql<number>`-${creditLedgerLines.amount}`.mapWith(Number), memberId: creditLedger.memberId, grantId: creditLedgerLines.grantId,
          revealId: creditLedgerLines.revealId, valueHash: creditLedgerLines.valueHash, expiresAt: creditGrants.expiresAt,
        })
        .from(creditLedgerLines)
        .innerJoin(creditLedger, and(eq(creditLedger.workspaceId, creditLedgerLines.workspaceId), eq(creditLedger.id, creditLedgerLines.ledgerId)))
        .leftJoin(creditGrants, and(eq(creditGrants.workspaceId, creditLedgerLines.workspaceId), eq(creditGrants.id, creditLedgerLines.grantId)))
        .where(
          and(
            eq(creditLedgerLines.workspaceId, workspaceId), eq(creditLedgerLines.feature, feature as 'prospect_email' | 'prospect_phone'), eq(creditLedgerLines.reference, reference),
            revealId ? sql`(${creditLedgerLines.revealId} = ${revealId} or ${creditLedgerLines.revealId} is null)` : undefined,
          ),
        )
        .orderBy(desc(creditLedgerLines.ledgerId))
        .limit(1);
      if (line) return line;
      const [row] = await tx
        .select({
          id: creditLedger.id, amount: creditLedger.amount, memberId: creditLedger.memberId, grantId: creditLedger.grantId,
          revealId: creditLedger.revealId, valueHash: creditLedger.valueHash, expiresAt: creditGrants.expiresAt,
        })
        .from(creditLedger)
        .leftJoin(creditGrants, and(eq(creditGrants.workspaceId, creditLedger.workspaceId), eq(creditGrants.id, creditLedger.grantId)))
        .where(
          and(
            eq(creditLedger.workspaceId, workspaceId), eq(creditLedger.kind, 'spend'), eq(creditLedger.feature, feature), eq(creditLedger.reference, reference),
            revealId ? sql`(${creditLedger.revealId} = ${revealId} or ${creditLedger.revealId} is null)` : undefined,
          ),
        )
        .orderBy(desc(creditLedger.id))
        .limit(1);
      return row ?? null;
    },

    /** Whether this spend was refunded: by its keys, or (a spend from before 0811) by the person. */
    async hasRefund(tx: Tx, workspaceId: string, feature: CreditFeature, reference: string, spend: { revealId: string | null; valueHash: string | null }): Promise<boolean> {
      const r = await tx
        .select({ id: creditLedger.id })
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.workspaceId, workspaceId), eq(creditLedger.kind, 'refund'), eq(creditLedger.feature, feature),
            spend.revealId
              ? sql`${creditLedger.revealId} = ${spend.revealId} and ${creditLedger.valueHash} is not distinct from ${spend.valueHash}`
              : sql`${creditLedger.reference} = ${reference} and ${creditLedger.revealId} is null`,
          ),
        )
        .limit(1);
      return r.length > 0;
    },


    /** A page of the log, newest first (ids are time-ordered); `before` is the last id of the previous page. */
    page: (tx: Tx, workspaceId: string, f: LedgerFilter, limit: number, before: string | null): Promise<LedgerRow[]> =>
      tx
        .select(ledgerColumns)
        .from(creditLedger)
        .leftJoin(members, and(eq(members.workspaceId, creditLedger.workspaceId), eq(members.id, creditLedger.memberId)))
        .leftJoin(users, eq(users.id, members.userId))
        .where(and(ledgerWhere(workspaceId, f), before ? lt(creditLedger.id, before) : undefined))
        .orderBy(desc(creditLedger.id))
        .limit(limit),

    async one(tx: Tx, workspaceId: string, id: string): Promise<LedgerRow | null> {
      const [row] = await tx
        .select(ledgerColumns)
        .from(creditLedger)
        .leftJoin(members, and(eq(members.workspaceId, creditLedger.workspaceId), eq(members.id, creditLedger.memberId)))
        .leftJoin(users, eq(users.id, members.userId))
        .where(and(eq(creditLedger.workspaceId, workspaceId), eq(creditLedger.id, id)));
      return row ?? null;
    },

    /** Credits spent per UTC day and feature (refunds deducted). */
    async usage(tx: Tx, workspaceId: string, from: Date, to: Date, memberId: string | null) {
      const r = await tx.execute<{ day: string; feature: CreditFeature; credits: string }>(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, feature, -sum(amount) as credits
        from credit_ledger
        where workspace_id = ${workspaceId} and kind in ('spend', 'refund')
          and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
          ${memberId ? sql`and member_id = ${memberId}` : sql``}
        group by 1, 2 order by 1, 2`);
      return r.rows.map((row) => ({ day: row.day, feature: row.feature, credits: n(row.credits) }));
    },

    async setMemberLimit(tx: Tx, workspaceId: string, memberId: string, limit: number | null, by: string): Promise<void> {
      await tx
        .insert(memberCreditLimits)
        .values({ workspaceId, memberId, monthlyLimit: limit, updatedBy: by })
        .onConflictDoUpdate({
          target: [memberCreditLimits.workspaceId, memberCreditLimits.memberId],
          set: { monthlyLimit: limit, updatedBy: by, updatedAt: sql`now()` },
        });
    },

    async memberExists(tx: Tx, workspaceId: string, memberId: string): Promise<boolean> {
      const r = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.workspaceId, workspaceId), eq(members.id, memberId)));
      return r.length > 0;
    },

    /** Every member's limit and use since `from` (the Users page). */
    async memberUsage(tx: Tx, workspaceId: string, from: Date, memberId: string | null) {
      const r = await tx.execute<{ member_id: string; monthly_limit: number | null; used: string }>(sql`
        select m.id as member_id, l.monthly_limit,
               coalesce((select -sum(c.amount) from credit_ledger c
                         where c.workspace_id = m.workspace_id and c.member_id = m.id and c.kind in ('spend', 'refund')
                           and c.created_at >= ${from.toISOString()}::timestamptz), 0) as used
        from members m
        left join member_credit_limits l on l.workspace_id = m.workspace_id and l.member_id = m.id
        where m.workspace_id = ${workspaceId}
          ${memberId ? sql`and m.id = ${memberId}` : sql``}
        order by m.created_at, m.id`);
      return r.rows.map((row) => ({ memberId: row.member_id, limit: row.monthly_limit, used: n(row.used) }));
    },

    /** Workspaces whose period grant is missing or whose grants wait to expire (all workspaces: a definer function). */
    async workspacesDue(tx: Tx, periodStart: Date, now: Date): Promise<string[]> {
      const r = await tx.execute<{ workspace_id: string }>(
        sql`select workspace_id from credit_workspaces_due(${periodStart.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
      );
      return r.rows.map((row) => row.workspace_id);
    },

    /** For the consistency check: the ledger's sum. */
    async ledgerSum(tx: Tx, workspaceId: string): Promise<number> {
      const r = await tx.execute<{ s: string }>(sql`select coalesce(sum(amount), 0) as s from credit_ledger where workspace_id = ${workspaceId}`);
      return n(r.rows[0]?.s);
    },

  };
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;

/** Row types of the tables this repository owns, for the service (which never imports db/). */
export type { CreditDraw } from '../../db/schema/index.js';
