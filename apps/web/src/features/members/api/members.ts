import {
  memberListSchema,
  memberSchema,
  reassignRecordsResultSchema,
  type Member,
  type MemberUpdateBody,
} from '@leadtrail/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const membersKey = ['members'] as const;

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: membersKey,
    queryFn: ({ signal }) => api.get('/api/v1/members', { schema: memberListSchema, signal }),
  });

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
