import {
  creditsSummarySchema,
  creditTransactionDetailSchema,
  creditTransactionPageSchema,
  creditUsageSchema,
  verificationUsageSchema,
  type CreditFeature,
  type CreditKind,
} from '@leadtrail/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersQueryOptions } from '../../../lib/members-query';

/** GET /api/v1/credits (the top bar, the dashboard, the prospects header share it; a reveal invalidates ['credits']). */
export const useCreditsSummary = () =>
  useQuery({
    queryKey: ['credits', 'summary'],
    queryFn: ({ signal }) => api.get('/api/v1/credits', { schema: creditsSummarySchema, signal }),
    refetchInterval: 60_000,
  });

/** GET /api/v1/verifications/usage: this month's email verifications against the plan's (issue 24). */
export const useVerificationUsage = () =>
  useQuery({
    queryKey: ['verifications', 'usage'],
    queryFn: ({ signal }) => api.get('/api/v1/verifications/usage', { schema: verificationUsageSchema, signal }),
    refetchInterval: 60_000,
  });

/** GET /api/v1/credit-transactions/{id}: one row, with the people a reveal's row paid for (null: nothing asked). */
export const useCreditTransaction = (id: string | null) =>
  useQuery({
    queryKey: ['credit-transactions', 'detail', id],
    queryFn: ({ signal }) => api.get(`/api/v1/credit-transactions/${id}`, { schema: creditTransactionDetailSchema, signal }),
    enabled: id !== null,
  });

export type TransactionFilters = {
  from: string;
  to: string;
  memberId: string | null;
  kind: CreditKind | null;
  feature: CreditFeature | null;
  includeRefunds: boolean;
};

/** The ledger's querystring for these filters (the list and the CSV export take the same). */
export function transactionParams(f: TransactionFilters): Record<string, string | undefined> {
  return {
    from: f.from || undefined,
    to: f.to || undefined,
    memberId: f.memberId ?? undefined,
    kind: f.kind ?? undefined,
    feature: f.feature ?? undefined,
    includeRefunds: f.includeRefunds ? undefined : 'false',
  };
}

export function exportUrl(f: TransactionFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(transactionParams(f))) if (v) params.set(k, v);
  const qs = params.toString();
  return `/api/v1/credit-transactions/export${qs ? `?${qs}` : ''}`;
}

export const useCreditTransactions = (filters: TransactionFilters, limit = 50) =>
  useInfiniteQuery({
    queryKey: ['credit-transactions', 'page', filters, limit],
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/v1/credit-transactions', {
        schema: creditTransactionPageSchema,
        signal,
        query: { ...transactionParams(filters), limit, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** Recent spends (the dashboard's recent reveals). */
export const useRecentSpends = (limit = 6) =>
  useQuery({
    queryKey: ['credit-transactions', 'recent-spends', limit],
    queryFn: ({ signal }) =>
      api.get('/api/v1/credit-transactions', { schema: creditTransactionPageSchema, signal, query: { kind: 'spend', limit } }),
  });

export const useCreditUsage = (range: { from?: string; to?: string; memberId?: string | null }) =>
  useQuery({
    queryKey: ['credit-transactions', 'usage', range],
    queryFn: ({ signal }) =>
      api.get('/api/v1/credit-transactions/usage', {
        schema: creditUsageSchema,
        signal,
        query: { from: range.from || undefined, to: range.to || undefined, memberId: range.memberId ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** The workspace's members, for the log's member filter (owner/admin only: members see their own rows). */
export const useMemberOptions = (enabled: boolean) => useQuery({ ...membersQueryOptions(), enabled });
