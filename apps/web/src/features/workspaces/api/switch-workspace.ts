import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SwitchWorkspaceBody = { workspaceId: string };

export const switchWorkspace = (body: SwitchWorkspaceBody) => api.post<unknown>('/api/v1/me/workspace', body);

export const useSwitchWorkspace = () => useMutation({ mutationFn: switchWorkspace });
