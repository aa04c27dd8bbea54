import {
  memberCreditLimitListSchema,
  memberCreditLimitSchema,
  memberSchema,
  reassignRecordsResultSchema,
  type Member,
  type MemberUpdateBody,
} from '@leadtrail/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { membersKey, membersQueryOptions } from '../../../lib/members-query';

export { membersKey, membersQueryOptions };

export const useMembers = () => useQuery(membersQueryOptions());

/** A role change can change what the caller may do (their own `me` too, after a transfer). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey }),
      queryClient.invalidateQueries({ queryKey: ['records', 'owner-options'] }),
    ]);
}

export function useUpdateMember() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MemberUpdateBody }) =>
      api.patch(`/api/v1/members/${id}`, body, { schema: memberSchema }),
    onSuccess: () => refresh(),
  });
}

export function useTransferOwnership() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, password }: { member: Member; password: string }) =>
      api.post(`/api/v1/members/${member.id}/transfer-ownership`, { password }, { schema: memberSchema }),
    onSuccess: async () => {
      await refresh();
      // the caller is an admin now
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export function useReassignRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, toMemberId }: { from: Member; toMemberId: string }) =>
      api.post(`/api/v1/members/${from.id}/reassign-records`, { toMemberId }, { schema: reassignRecordsResultSchema }),
    // the grids show owners
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['contacts'] }),
        queryClient.invalidateQueries({ queryKey: ['companies'] }),
      ]),
  });
}

export const memberLimitsKey = ['credits', 'member-limits'] as const;

/** Every member's monthly credit limit and use this period (owner/admin). */
export const useMemberCreditLimits = (enabled: boolean) =>
  useQuery({
    queryKey: memberLimitsKey,
    queryFn: ({ signal }) => api.get('/api/v1/credits/member-limits', { schema: memberCreditLimitListSchema, signal }),
    enabled,
  });

/** PUT /api/v1/members/{id}/credit-limit: null = unlimited. */
export function useSetCreditLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, limit }: { id: string; limit: number | null }) =>
      apiRequest(`/api/v1/members/${id}/credit-limit`, { method: 'PUT', body: { limit }, schema: memberCreditLimitSchema }),
    // the caller's own remaining (top bar) may change too
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['credits'] }),
  });
}
