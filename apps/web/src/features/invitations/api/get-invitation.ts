import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

// Public preview of an invitation. Loose on purpose until the contract lands in
// @leadtrail/contracts with the team management work.
const invitationPreviewSchema = z
  .object({
    email: z.string().optional(),
    role: z.string().optional(),
    workspaceName: z.string().optional(),
    workspace: z.object({ name: z.string() }).partial().optional(),
    inviterName: z.string().optional(),
    invitedBy: z.object({ name: z.string() }).partial().optional(),
    expiresAt: z.string().optional(),
  })
  .loose();

export type InvitationPreview = {
  email: string | null;
  role: string | null;
  workspaceName: string | null;
  inviterName: string | null;
  expiresAt: string | null;
};

export async function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  const raw = await api.get(`/api/v1/invitations/${encodeURIComponent(token)}`, {
    schema: invitationPreviewSchema,
    signal,
  });
  return {
    email: raw.email ?? null,
    role: raw.role ?? null,
    workspaceName: raw.workspaceName ?? raw.workspace?.name ?? null,
    inviterName: raw.inviterName ?? raw.invitedBy?.name ?? null,
    expiresAt: raw.expiresAt ?? null,
  };
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitations', 'preview', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: false,
  });

export const useInvitation = (token: string) => useQuery(invitationQueryOptions(token));
