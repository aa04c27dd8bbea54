import type { RegisterBody } from '@leadtrail/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const register = (body: RegisterBody) => api.post<unknown>('/api/v1/auth/register', body);

export const useRegister = () => useMutation({ mutationFn: register });
