import {
  invitationListSchema,
  invitationSchema,
  inviteResultSchema,
  type Invitation,
  type InviteBody,
} from '@leadtrail/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const invitationsKey = ['invitations', 'open'] as const;

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: invitationsKey,
    queryFn: ({ signal }) => api.get('/api/v1/invitations', { schema: invitationListSchema, signal }),
  });

export const useInvitations = () => useQuery(invitationsQueryOptions());

/** Invitations take seats: the member list (which shows the seats) is refreshed too. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: invitationsKey }),
      queryClient.invalidateQueries({ queryKey: ['members'] }),
    ]);
}

export function useInvite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: InviteBody) => api.post('/api/v1/invitations', body, { schema: inviteResultSchema }),
    onSuccess: () => refresh(),
  });
}

export function useResendInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (invitation: Invitation) =>
      api.post(`/api/v1/invitations/${invitation.id}/resend`, undefined, { schema: invitationSchema }),
    onSuccess: () => refresh(),
  });
}

export function useRevokeInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (invitation: Invitation) => api.delete(`/api/v1/invitations/${invitation.id}`),
    onSuccess: () => refresh(),
  });
}
