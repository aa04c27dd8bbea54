import type { LoginBody } from '@leadtrail/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const login = (body: LoginBody) => api.post<unknown>('/api/v1/auth/login', body);

export const useLogin = () => useMutation({ mutationFn: login });
