import {
  apiKeyCreatedSchema,
  apiKeyListSchema,
  emailChangeConfirmResultSchema,
  messageSchema,
  profileSchema,
  recoveryCodesSchema,
  revokedCountSchema,
  sessionListSchema,
  totpSetupSchema,
  type EmailChangeBody,
  type PasswordChangeBody,
  type ProfileUpdateBody,
  type TotpConfirmBody,
} from '@leadtrail/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const profileKey = ['account', 'profile'] as const;
export const sessionsKey = ['account', 'sessions'] as const;
export const apiKeysKey = ['account', 'api-keys'] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKey,
    queryFn: ({ signal }) => api.get('/api/v1/me/profile', { schema: profileSchema, signal }),
  });
export const useProfile = () => useQuery(profileQueryOptions());

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api.get('/api/v1/me/sessions', { schema: sessionListSchema, signal }),
  });
export const useSessions = () => useQuery(sessionsQueryOptions());

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysKey,
    queryFn: ({ signal }) => api.get('/api/v1/me/api-keys', { schema: apiKeyListSchema, signal }),
  });
export const useApiKeys = () => useQuery(apiKeysQueryOptions());

/** The profile feeds the user menu (`me`) too. */
function useProfileChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKey }),
      queryClient.invalidateQueries({ queryKey: ['me'] }),
    ]);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api.patch('/api/v1/me/profile', body, { schema: profileSchema }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKey, profile);
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export function useRequestEmailChange() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (body: EmailChangeBody) => api.post('/api/v1/me/email', body, { schema: messageSchema }),
    onSuccess: () => changed(),
  });
}

export function useConfirmEmailChange() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/api/v1/me/email/confirm', { token }, { schema: emailChangeConfirmResultSchema }),
    onSuccess: () => changed(),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => api.post('/api/v1/me/password', body, { schema: messageSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useTotpSetup() {
  return useMutation({ mutationFn: () => api.post('/api/v1/me/totp/setup', undefined, { schema: totpSetupSchema }) });
}

export function useTotpEnable() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (code: string) => api.post('/api/v1/me/totp/enable', { code }, { schema: recoveryCodesSchema }),
    onSuccess: () => changed(),
  });
}

export function useTotpDisable() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (body: TotpConfirmBody) => api.post('/api/v1/me/totp/disable', body, { schema: messageSchema }),
    onSuccess: () => changed(),
  });
}

export function useRegenerateRecoveryCodes() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (body: TotpConfirmBody) =>
      api.post('/api/v1/me/totp/recovery-codes', body, { schema: recoveryCodesSchema }),
    onSuccess: () => changed(),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/v1/me/sessions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/v1/me/sessions/revoke-others', undefined, { schema: revokedCountSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post('/api/v1/me/api-keys', { name }, { schema: apiKeyCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/v1/me/api-keys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
