import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type PasswordResetRequest = { email: string };
export type PasswordResetConfirm = { token: string; password: string };

export const requestPasswordReset = (body: PasswordResetRequest) =>
  api.post<unknown>('/api/v1/auth/password-reset', body);

export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  api.post<unknown>('/api/v1/auth/password-reset/confirm', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
