import { invitationPreviewSchema, meSchema, type AcceptInvitationBody } from '@leadtrail/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The public preview behind /user-invite/{token}. */
export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitations', 'preview', token],
    queryFn: ({ signal }) =>
      api.get(`/api/v1/invitations/${encodeURIComponent(token)}`, { schema: invitationPreviewSchema, signal }),
    retry: false,
    staleTime: 0,
  });

export const useInvitationPreview = (token: string) => useQuery(invitationPreviewQueryOptions(token));

/**
 * Joins the workspace (signed in with the invited email, or as a new person who is
 * then signed in). Everything cached belonged to the previous session or workspace.
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) =>
      api.post(`/api/v1/invitations/${encodeURIComponent(token)}/accept`, body, { schema: meSchema }),
    onSuccess: async (me) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
      queryClient.setQueryData(['me'], me);
    },
  });
}

/** Signs out here (to accept with another account). */
export function useSignOutForInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/v1/auth/logout'),
    onSuccess: async () => {
      queryClient.setQueryData(['me'], null);
      await queryClient.invalidateQueries({ queryKey: ['invitations', 'preview', token] });
    },
  });
}
