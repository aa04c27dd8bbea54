import { passwordResetCheckSchema } from '@leadtrail/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type PasswordResetRequest = { email: string };
export type PasswordResetConfirm = { token: string; password: string };

export const requestPasswordReset = (body: PasswordResetRequest) =>
  api.post<unknown>('/api/v1/auth/password-reset', body);

export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  api.post<unknown>('/api/v1/auth/password-reset/confirm', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });

/** Whether the emailed link still works: asked before the form, so a dead link is said at once. */
export const usePasswordResetCheck = (token: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['password-reset-check', token],
    queryFn: ({ signal }) =>
      api.post('/api/v1/auth/password-reset/check', { token }, { schema: passwordResetCheckSchema, signal }),
    enabled: enabled && !!token,
    retry: false,
    staleTime: Infinity,
  });
