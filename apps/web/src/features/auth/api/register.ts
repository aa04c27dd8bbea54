import type { RegisterBody, RegisterConfirmBody } from '@leadtrail/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Asks for an account: the answer is the same for any address; a link to finish is emailed. */
export const register = (body: RegisterBody) => api.post<{ message: string }>('/api/v1/auth/register', body);

/** Follows the emailed link: creates the account and its workspace, and sets the session. */
export const confirmRegistration = (body: RegisterConfirmBody) =>
  api.post<unknown>('/api/v1/auth/register/confirm', body);

export const useRegister = () => useMutation({ mutationFn: register });

export const useConfirmRegistration = () => useMutation({ mutationFn: confirmRegistration });
