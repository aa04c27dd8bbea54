import {
  CREDITS_LOW_THRESHOLD,
  FREE_PLAN_MONTHLY_CREDITS,
  INSUFFICIENT_CREDITS,
  type CreditFeature,
  type CreditsSummary,
  type CreditTransaction,
  type CreditTransactionDetail,
  type CreditTransactionPage,
  type CreditUsage,
  type MemberCreditLimit,
  type MemberCreditLimitList,
} from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { csvRows } from '../../lib/filters/csv.js';
import { newId } from '../../lib/ids.js';
import { periodLabel, periodOf, type Period } from './credits-period.js';
import type { WebhookEvents } from '../webhooks/webhooks.service.js';
import type { CreditDraw, CreditsRepository, LedgerFilter, LedgerRow, NewLedgerLine, NewLedgerRow } from './credits.repository.js';

/** Who spends: a member (a request or a job acting for one) or nobody (the operator, the grant job). */
export type CreditActor = { workspaceId: string; memberId: string | null };

/** One thing to pay for, e.g. one person's email (1 credit) with the prospect id as reference. */
export type Charge = {
  feature: CreditFeature;
  amount: number;
  reference: string;
  description: string;
  dataRequested: string | null;
  /** 'adjustment' for the operator's negative correction; a spend otherwise. */
  kind?: 'spend' | 'adjustment';
  /**
   * A person's data: the reveal record (its life) it pays for and the SHA-256 of the address;
   * the ledger charges once per both (decision 0027).
   */
  revealId?: string | null;
  valueHash?: string | null;
};

/** The balance as a spend sees it, under the workspace's credit lock. */
export type CreditState = {
  period: Period;
  balance: number;
  /** Held by unfinished bulk reveals (other than the one asking). */
  reserved: number;
  available: number;
  memberLimit: number | null;
  memberUsed: number;
  /** What the member may still spend (their own bulk reveals' holds deducted); null = unlimited. */
  memberRemaining: number | null;
};

/**
 * A reveal paid as one action (decision 0035): one ledger row per feature for all its people
 * (`reference`: the reveal action or job), described by its count, e.g. "Revealed 40 emails".
 */
export type RevealAction = { reference: string; describe: (feature: 'prospect_email' | 'prospect_phone', count: number) => string };

export type Shortfall = { shortfall: number; reason: 'balance' | 'member_limit' | null };

/** 402 with the missing credits: the whole reveal is refused, nothing charged. */
export const insufficientCredits = (s: Shortfall) =>
  new AppError(
    402,
    INSUFFICIENT_CREDITS,
    s.reason === 'member_limit'
      ? `This needs ${s.shortfall} more credits than your monthly limit leaves you. Ask an admin to raise it.`
      : `This needs ${s.shortfall} more credits than the workspace has available.`,
    { shortfall: s.shortfall, shortfallReason: s.reason },
  );

/** What a cost leaves missing, by balance and by the member's limit (the larger wins). */
export function shortfallOf(state: CreditState, cost: number): Shortfall {
  const byBalance = Math.max(0, cost - state.available);
  const byMember = state.memberRemaining === null ? 0 : Math.max(0, cost - state.memberRemaining);
  if (byBalance === 0 && byMember === 0) return { shortfall: 0, reason: null };
  return byBalance >= byMember ? { shortfall: byBalance, reason: 'balance' } : { shortfall: byMember, reason: 'member_limit' };
}

const dayStart = (s: string) => new Date(`${s.slice(0, 10)}T00:00:00.000Z`);
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
const nextDay = (d: Date) => new Date(d.getTime() + 86_400_000);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toTransaction = (r: LedgerRow): CreditTransaction => ({ ...r, createdAt: r.createdAt.toISOString() });

export const CREDIT_CSV_HEADER = ['Date', 'Kind', 'Feature', 'Description', 'Credits', 'Balance after', 'Data requested', 'Member', 'Reference'];

export type CreditTransactionsFilter = {
  from?: string;
  to?: string;
  memberId?: string;
  kind?: LedgerFilter['kind'];
  feature?: LedgerFilter['feature'];
  includeRefunds?: boolean;
};

/** The plan a workspace is on at a moment, and its monthly credits. */
export type PlanCredits = (tx: Tx, workspaceId: string, at: Date) => Promise<{ name: string; credits: number }>;

/**
 * Credits: grants (buckets with an expiry) and the append-only ledger. Every change happens
 * under the workspace's credit lock in the caller's unit of work, so concurrent spends
 * serialise and the ledger's balance_after is exact. `now` is injectable for the period tests.
 */
export function createCreditsService(deps: {
  uow: UnitOfWork;
  repo: CreditsRepository;
  now?: () => Date;
  monthlyGrant?: number;
  /** Webhooks: `credits.low` when a spend takes the balance below CREDITS_LOW_THRESHOLD, in the spend's transaction. */
  events?: WebhookEvents;
  /** The plan whose monthly credits a period gets (billing answers; Free's 50 without it). */
  planCredits?: PlanCredits;
}) {
  const { uow, repo } = deps;
  const now = deps.now ?? (() => new Date());
  const monthlyGrant = deps.monthlyGrant ?? FREE_PLAN_MONTHLY_CREDITS;
  const planCredits: PlanCredits = deps.planCredits ?? (async () => ({ name: 'Free', credits: monthlyGrant }));

  /**
   * Under the lock: writes off expired grants (one 'expiry' row each), then gives the period's
   * plan grant once (the unique (workspace, period_start) makes it idempotent).
   */
  async function settleIn(tx: Tx, workspaceId: string, at: Date): Promise<void> {
    const rows: NewLedgerRow[] = [];
    let balance = await repo.balance(tx, workspaceId);
    const expired = await repo.expirable(tx, workspaceId, at);
    await repo.markExpired(tx, workspaceId, expired.map((g) => g.id), at);
    for (const g of expired) {
      balance -= g.remaining;
      const label = g.source === 'plan' && g.expiresAt ? ` (${periodLabel(periodOf(new Date(g.expiresAt.getTime() - 1)))})` : '';
      rows.push({
        id: newId(), kind: 'expiry', feature: g.source === 'plan' ? 'plan' : g.source === 'purchase' ? 'purchase' : 'adjustment',
        amount: -g.remaining, grantId: g.id, draws: null, memberId: null, reference: null,
        description: `Unused credits expired${label}`, dataRequested: null, balanceAfter: balance, createdAt: at,
      });
    }
    const period = periodOf(at);
    const grantId = newId();
    const plan = await planCredits(tx, workspaceId, at);
    const granted =
      plan.credits > 0 &&
      (await repo.insertGrant(tx, workspaceId, {
        id: grantId, source: 'plan', amount: plan.credits, periodStart: period.start, expiresAt: period.end, reference: null, createdAt: at,
      }));
    if (granted) {
      balance += plan.credits;
      rows.push({
        id: newId(), kind: 'grant', feature: 'plan', amount: plan.credits, grantId, draws: null, memberId: null, reference: null,
        description: `${plan.name} plan: ${plan.credits.toLocaleString('en-US')} credits for ${periodLabel(period)}`, dataRequested: null, balanceAfter: balance, createdAt: at,
      });
    }
    await repo.insertLedger(tx, workspaceId, rows);
  }

  async function stateIn(tx: Tx, actor: CreditActor, at: Date, exceptJobId: string | null): Promise<CreditState> {
    const period = periodOf(at);
    const s = await repo.state(tx, actor.workspaceId, actor.memberId, period.start, exceptJobId);
    const memberLimit = actor.memberId ? s.memberLimit : null;
    return {
      period,
      balance: s.balance,
      reserved: s.reserved,
      available: Math.max(0, s.balance - s.reserved),
      memberLimit,
      memberUsed: actor.memberId ? s.memberUsed : 0,
      memberRemaining: memberLimit === null ? null : Math.max(0, memberLimit - s.memberUsed - s.memberReserved),
    };
  }

  /** Takes the workspace's credit lock, settles the period, answers the state. */
  async function openIn(tx: Tx, actor: CreditActor, opts: { exceptJobId?: string | null } = {}): Promise<CreditState> {
    const at = now();
    await repo.lockAccount(tx, actor.workspaceId);
    if (await repo.needsSettle(tx, actor.workspaceId, periodOf(at).start, at)) await settleIn(tx, actor.workspaceId, at);
    return stateIn(tx, actor, at, opts.exceptJobId ?? null);
  }

  /** Reads the state without the lock (a preview); settles first when the period needs it. */
  async function peekIn(tx: Tx, actor: CreditActor): Promise<CreditState> {
    const at = now();
    if (await repo.needsSettle(tx, actor.workspaceId, periodOf(at).start, at)) return openIn(tx, actor);
    return stateIn(tx, actor, at, null);
  }

  /**
   * Spends, drawing from what expires first, all or nothing. One ledger row per charge; or, for
   * a reveal `action`, one row per feature for all its charges, each person a line of it
   * (decision 0035). Call after openIn in the same transaction (the lock is held).
   */
  async function spendIn(tx: Tx, actor: CreditActor, state: CreditState, charges: Charge[], action?: RevealAction): Promise<{ charged: number; balance: number }> {
    const cost = charges.reduce((s, c) => s + c.amount, 0);
    if (cost === 0) return { charged: 0, balance: state.balance };
    const short = shortfallOf(state, cost);
    if (short.shortfall > 0) throw insufficientCredits(short);
    const grants = await repo.live(tx, actor.workspaceId);
    const at = now();
    let balance = state.balance;
    let g = 0;
    /** What each charge draws, in spending order. */
    const drawsOf = charges.map((c) => {
      let left = c.amount;
      const draws: CreditDraw[] = [];
      while (left > 0) {
        const grant = grants[g];
        if (!grant) throw insufficientCredits({ shortfall: left, reason: 'balance' });
        const take = Math.min(left, grant.remaining);
        grant.remaining -= take;
        left -= take;
        draws.push({ grantId: grant.id, amount: take });
        if (grant.remaining === 0) g++;
      }
      return draws;
    });
    const rows: NewLedgerRow[] = [];
    const lines: NewLedgerLine[] = [];
    if (action) {
      for (const feature of ['prospect_email', 'prospect_phone'] as const) {
        const mine = charges.map((c, i) => ({ c, draws: drawsOf[i]! })).filter((x) => x.c.feature === feature);
        if (!mine.length) continue;
        const amount = mine.reduce((s, x) => s + x.c.amount, 0);
        // the buckets the row drew, merged in spending order
        const merged = new Map<string, number>();
        for (const x of mine) for (const d of x.draws) merged.set(d.grantId, (merged.get(d.grantId) ?? 0) + d.amount);
        const draws = [...merged].map(([grantId, n]) => ({ grantId, amount: n }));
        const id = newId();
        balance -= amount;
        rows.push({
          id, kind: 'spend', feature, amount: -amount, grantId: draws[0]!.grantId, draws: draws.length > 1 ? draws : null,
          memberId: actor.memberId, reference: action.reference, description: action.describe(feature, mine.length),
          dataRequested: feature === 'prospect_phone' ? 'phone' : 'email', balanceAfter: balance, createdAt: at,
        });
        mine.forEach((x, i) =>
          lines.push({
            ledgerId: id, line: i + 1, feature, amount: x.c.amount, reference: x.c.reference,
            revealId: x.c.revealId ?? null, valueHash: x.c.valueHash ?? null, grantId: x.draws[0]!.grantId,
          }),
        );
      }
      if (rows.reduce((s, r) => s - r.amount, 0) !== cost) throw new Error('A reveal action charges prospect emails and phones only');
    } else {
      charges.forEach((c, i) => {
        const draws = drawsOf[i]!;
        balance -= c.amount;
        rows.push({
          id: newId(), kind: c.kind ?? 'spend', feature: c.feature, amount: -c.amount, grantId: draws[0]!.grantId, draws: draws.length > 1 ? draws : null,
          memberId: actor.memberId, reference: c.reference, description: c.description, dataRequested: c.dataRequested,
          balanceAfter: balance, createdAt: at, revealId: c.revealId ?? null, valueHash: c.valueHash ?? null,
        });
      });
    }
    const touched = new Set(drawsOf.flatMap((ds) => ds.map((d) => d.grantId)));
    await repo.setRemaining(tx, actor.workspaceId, grants.filter((x) => touched.has(x.id)).map((x) => ({ id: x.id, remaining: x.remaining })));
    await repo.insertLedger(tx, actor.workspaceId, rows);
    await repo.insertLines(tx, actor.workspaceId, lines);
    state.balance = balance;
    state.available = Math.max(0, balance - state.reserved);
    state.memberUsed += cost;
    if (state.memberRemaining !== null) state.memberRemaining = Math.max(0, state.memberRemaining - cost);
    // once per crossing: only the spend that takes the balance from the threshold or above to below it
    if (balance + cost >= CREDITS_LOW_THRESHOLD && balance < CREDITS_LOW_THRESHOLD) {
      await deps.events?.emitIn(tx, actor, 'credits.low', { balance, threshold: CREDITS_LOW_THRESHOLD, spent: cost });
    }
    return { charged: cost, balance };
  }

  /**
   * Gives back what a spend charged for a person's data in this reveal's life, once per spend
   * (the ledger's unique refund index agrees). The credit returns in a bucket expiring like the
   * one it came from, or at this period's end when that one has already gone. Answers the
   * credits refunded (0 or the amount) and the hash of the address the spend charged for.
   */
  async function refundIn(
    tx: Tx,
    actor: CreditActor,
    r: { feature: CreditFeature; reference: string; revealId: string | null; description: string },
  ): Promise<{ refunded: number; valueHash: string | null }> {
    await openIn(tx, actor);
    const spend = await repo.findSpend(tx, actor.workspaceId, r.feature, r.reference, r.revealId);
    if (!spend) return { refunded: 0, valueHash: null };
    if (await repo.hasRefund(tx, actor.workspaceId, r.feature, r.reference, spend)) return { refunded: 0, valueHash: spend.valueHash };
    const at = now();
    const amount = -spend.amount;
    const expiresAt = spend.expiresAt === null ? null : spend.expiresAt > at ? spend.expiresAt : periodOf(at).end;
    const grantId = newId();
    await repo.insertGrant(tx, actor.workspaceId, { id: grantId, source: 'refund', amount, periodStart: null, expiresAt, reference: r.reference, createdAt: at });
    await repo.insertLedger(tx, actor.workspaceId, [
      {
        id: newId(), kind: 'refund', feature: r.feature, amount, grantId, draws: null, memberId: spend.memberId, reference: r.reference,
        description: r.description, dataRequested: r.feature === 'prospect_phone' ? 'phone' : 'email',
        balanceAfter: await repo.balance(tx, actor.workspaceId), createdAt: at, revealId: spend.revealId, valueHash: spend.valueHash,
      },
    ]);
    return { refunded: amount, valueHash: spend.valueHash };
  }

  function ledgerFilter(ctx: RequestContext, q: CreditTransactionsFilter): LedgerFilter {
    const own = !ctx.permissions.includes('transactions:read-all');
    const from = q.from ? (isDay(q.from) ? dayStart(q.from) : new Date(q.from)) : undefined;
    const to = q.to ? (isDay(q.to) ? nextDay(dayStart(q.to)) : new Date(q.to)) : undefined;
    if (from && to && from >= to) throw invalidField('to', 'The end date must be after the start date');
    return {
      from, to,
      // members see only their own rows, whatever they ask for
      memberId: own ? ctx.memberId : q.memberId,
      kind: q.kind, feature: q.feature, includeRefunds: q.includeRefunds,
    };
  }

  async function memberLimitOf(tx: Tx, workspaceId: string, memberId: string, at: Date): Promise<MemberCreditLimit> {
    const [row] = await repo.memberUsage(tx, workspaceId, periodOf(at).start, memberId);
    if (!row) throw notFound('Member');
    return { memberId, limit: row.limit, usedThisPeriod: row.used, remaining: row.limit === null ? null : Math.max(0, row.limit - row.used) };
  }

  /**
   * Billing's grants, inside its unit of work (under the credit lock): a bought pack (never
   * expires) or an upgrade's plan credits for the days left of this period, expiring at its
   * end. The credits already there stay: the upgrade grants only what its invoice charged for
   * (docs/decisions/0026-credits-on-plan-changes.md). Answers the balance.
   */
  async function billingGrantIn(
    tx: Tx,
    workspaceId: string,
    g: { kind: 'purchase' | 'plan_upgrade'; amount: number; reference: string; description: string; memberId: string | null },
  ): Promise<number> {
    const state = await openIn(tx, { workspaceId, memberId: null });
    const at = now();
    const grantId = newId();
    await repo.insertGrant(tx, workspaceId, {
      id: grantId,
      source: g.kind === 'purchase' ? 'purchase' : 'plan',
      amount: g.amount,
      // an upgrade's grant is keyed by its own moment (the period's first grant keeps the period's start)
      periodStart: g.kind === 'purchase' ? null : at,
      expiresAt: g.kind === 'purchase' ? null : periodOf(at).end,
      reference: g.reference,
      createdAt: at,
    });
    const balance = state.balance + g.amount;
    await repo.insertLedger(tx, workspaceId, [
      {
        id: newId(), kind: 'grant', feature: g.kind === 'purchase' ? 'purchase' : 'plan', amount: g.amount, grantId, draws: null,
        memberId: g.memberId, reference: g.reference, description: g.description, dataRequested: null, balanceAfter: balance, createdAt: at,
      },
    ]);
    return balance;
  }

  return {
    openIn,
    peekIn,
    spendIn,
    refundIn,
    billingGrantIn,

    /** GET /api/v1/credits (the period is settled first: a new month's grant appears on its first read). */
    async summary(ctx: RequestContext): Promise<CreditsSummary> {
      return uow.tenant(ctx, async (tx) => {
        const s = await peekIn(tx, ctx);
        const expiring = await repo.expiring(tx, ctx.workspaceId);
        return {
          balance: s.balance,
          reserved: s.reserved,
          available: s.available,
          expiring: expiring.map((e) => ({ amount: e.amount, at: e.at!.toISOString() })),
          periodStart: s.period.start.toISOString(),
          periodEnd: s.period.end.toISOString(),
          usedThisPeriod: await repo.used(tx, ctx.workspaceId, s.period.start, null),
          memberLimit: s.memberLimit,
          memberUsedThisPeriod: s.memberUsed,
          memberRemaining: s.memberRemaining,
        };
      });
    },

    async transactions(ctx: RequestContext, q: CreditTransactionsFilter & { limit: number; cursor?: string }): Promise<CreditTransactionPage> {
      if (q.cursor && !UUID.test(q.cursor)) throw invalidField('cursor', 'This cursor is not valid; start from the first page');
      const f = ledgerFilter(ctx, q);
      const rows = await uow.tenant(ctx, (tx) => repo.page(tx, ctx.workspaceId, f, q.limit + 1, q.cursor ?? null));
      const page = rows.slice(0, q.limit);
      return { data: page.map(toTransaction), nextCursor: rows.length > q.limit ? page[page.length - 1]!.id : null };
    },

    /** One ledger row (a member: only their own; another workspace's: 404), with the people a reveal's row paid for. */
    async transaction(ctx: RequestContext, id: string): Promise<CreditTransactionDetail> {
      return uow.tenant(ctx, async (tx) => {
        const row = await repo.one(tx, ctx.workspaceId, id);
        if (!row || (!ctx.permissions.includes('transactions:read-all') && row.memberId !== ctx.memberId)) throw notFound('Transaction');
        return { ...toTransaction(row), people: await repo.lines(tx, ctx.workspaceId, id) };
      });
    },

    /** The log as CSV, written in chunks of 2,000 rows from one transaction. */
    async exportCsv(ctx: RequestContext, q: CreditTransactionsFilter, write: (chunk: string) => Promise<void> | void): Promise<void> {
      const f = ledgerFilter(ctx, q);
      await uow.tenant(
        ctx,
        async (tx) => {
          let before: string | null = null;
          for (;;) {
            const rows = await repo.page(tx, ctx.workspaceId, f, 2000, before);
            if (!rows.length) return;
            await write(
              csvRows(
                rows.map((r) => [r.createdAt.toISOString(), r.kind, r.feature, r.description, r.credits, r.balanceAfter, r.dataRequested, r.memberName, r.reference]),
              ),
            );
            if (rows.length < 2000) return;
            before = rows[rows.length - 1]!.id;
          }
        },
        { statementTimeoutMs: 0 },
      );
    },

    /** Credits spent per day and feature, for the log's chart (a member: their own). */
    async usage(ctx: RequestContext, q: { from?: string; to?: string; memberId?: string }): Promise<CreditUsage> {
      const at = now();
      const from = q.from ? dayStart(q.from) : periodOf(at).start;
      const to = q.to ? nextDay(dayStart(q.to)) : nextDay(dayStart(at.toISOString()));
      if (from >= to) throw invalidField('to', 'The end date must be after the start date');
      if (to.getTime() - from.getTime() > 400 * 86_400_000) throw invalidField('from', 'Choose at most 400 days');
      const memberId = ctx.permissions.includes('transactions:read-all') ? (q.memberId ?? null) : ctx.memberId;
      return { data: await uow.tenant(ctx, (tx) => repo.usage(tx, ctx.workspaceId, from, to, memberId)) };
    },

    async setMemberLimit(ctx: RequestContext, memberId: string, limit: number | null): Promise<MemberCreditLimit> {
      return uow.tenant(ctx, async (tx) => {
        if (!(await repo.memberExists(tx, ctx.workspaceId, memberId))) throw notFound('Member');
        await repo.setMemberLimit(tx, ctx.workspaceId, memberId, limit, ctx.memberId);
        return memberLimitOf(tx, ctx.workspaceId, memberId, now());
      });
    },

    async memberLimits(ctx: RequestContext): Promise<MemberCreditLimitList> {
      const start = periodOf(now()).start;
      const rows = await uow.tenant(ctx, (tx) => repo.memberUsage(tx, ctx.workspaceId, start, null));
      return { data: rows.map((r) => ({ memberId: r.memberId, limit: r.limit, usedThisPeriod: r.used, remaining: r.limit === null ? null : Math.max(0, r.limit - r.used) })) };
    },

    /** Each member's credits spent this period, inside another module's unit of work (Users page). */
    async memberUsageIn(tx: Tx, workspaceId: string): Promise<Map<string, number>> {
      const rows = await repo.memberUsage(tx, workspaceId, periodOf(now()).start, null);
      return new Map(rows.map((r) => [r.memberId, r.used]));
    },

    /**
     * The operator's correction (CLI only, never the API): + adds a never-expiring bucket,
     * − takes credits in spending order. Answers the balance after.
     */
    async adjust(workspaceId: string, amount: number, reason: string): Promise<{ balance: number }> {
      if (!Number.isInteger(amount) || amount === 0) throw invalidField('amount', 'The amount is a non-zero whole number of credits');
      if (!reason.trim()) throw invalidField('reason', 'Give a reason: it is shown in the transactions log');
      return uow.tenant({ workspaceId }, async (tx) => {
        const actor = { workspaceId, memberId: null };
        const state = await openIn(tx, actor);
        const at = now();
        const description = `Adjustment: ${reason.trim()}`;
        if (amount < 0) {
          if (state.balance < -amount) throw insufficientCredits({ shortfall: -amount - state.balance, reason: 'balance' });
          // an adjustment may take reserved credits: the operator decides
          state.available = state.balance;
          await spendIn(tx, actor, state, [{ kind: 'adjustment', feature: 'adjustment', amount: -amount, reference: 'operator', description, dataRequested: null }]);
          return { balance: state.balance };
        }
        const grantId = newId();
        await repo.insertGrant(tx, workspaceId, { id: grantId, source: 'adjustment', amount, periodStart: null, expiresAt: null, reference: 'operator', createdAt: at });
        const balance = state.balance + amount;
        await repo.insertLedger(tx, workspaceId, [
          { id: newId(), kind: 'adjustment', feature: 'adjustment', amount, grantId, draws: null, memberId: null, reference: 'operator', description, dataRequested: null, balanceAfter: balance, createdAt: at },
        ]);
        return { balance };
      });
    },

    /**
     * The period job: every workspace missing this period's plan grant or holding expired
     * credits gets them settled (each in its own unit of work). Answers how many it settled.
     */
    async settleDue(opts: { only?: string[] } = {}): Promise<number> {
      const at = now();
      let due = await uow.admin((tx) => repo.workspacesDue(tx, periodOf(at).start, at));
      // tests settle their own workspaces only (the database is shared with other test files)
      if (opts.only) due = due.filter((id) => opts.only!.includes(id));
      for (const workspaceId of due) {
        await uow.tenant({ workspaceId }, async (tx) => {
          await repo.lockAccount(tx, workspaceId);
          await settleIn(tx, workspaceId, at);
        });
      }
      return due.length;
    },

    /** For tests and the operator: the ledger's sum and the buckets' balance (they must agree). */
    async audit(workspaceId: string): Promise<{ ledgerSum: number; balance: number }> {
      return uow.tenant({ workspaceId }, async (tx) => ({ ledgerSum: await repo.ledgerSum(tx, workspaceId), balance: await repo.balance(tx, workspaceId) }));
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
