import { auditLogPageSchema, type AuditAction } from '@leadtrail/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersQueryOptions } from '../../../lib/members-query';

export type AuditFilters = {
  /** yyyy-mm-dd, inclusive; '' for no bound */
  from: string;
  to: string;
  memberId: string | null;
  action: AuditAction | null;
};

export const noAuditFilters: AuditFilters = { from: '', to: '', memberId: null, action: null };

/** The log's querystring for these filters (the list and the CSV export take the same). */
export function auditParams(f: AuditFilters): Record<string, string | undefined> {
  return { from: f.from || undefined, to: f.to || undefined, memberId: f.memberId ?? undefined, action: f.action ?? undefined };
}

export function auditExportUrl(f: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(auditParams(f))) if (v) params.set(k, v);
  const qs = params.toString();
  return `/api/v1/audit-log/export${qs ? `?${qs}` : ''}`;
}

/** GET /api/v1/audit-log, newest first, a page at a time. */
export const useAuditLog = (filters: AuditFilters, limit = 50) =>
  useInfiniteQuery({
    queryKey: ['audit-log', filters, limit],
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/v1/audit-log', { schema: auditLogPageSchema, signal, query: { ...auditParams(filters), limit, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** The workspace's members (deactivated ones too: their past actions stay in the log), for the member filter. */
export const useAuditMembers = () => useQuery(membersQueryOptions());
