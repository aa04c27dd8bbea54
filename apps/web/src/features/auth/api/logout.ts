import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const logout = () => api.post<unknown>('/api/v1/auth/logout');

export const useLogout = () => useMutation({ mutationFn: logout });
