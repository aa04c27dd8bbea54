import { memberListSchema } from '@leadtrail/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export const membersKey = ['members'] as const;

/** GET /api/v1/members, one cache entry shared by the members page and the audit and credit logs' member filters. */
export const membersQueryOptions = () =>
  queryOptions({
    queryKey: membersKey,
    queryFn: ({ signal }) => api.get('/api/v1/members', { schema: memberListSchema, signal }),
  });
