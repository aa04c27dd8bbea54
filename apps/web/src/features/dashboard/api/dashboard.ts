import { countSchema, importPageSchema, listPageSchema, type Import } from '@leadtrail/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type WorkspaceCounts = { contacts: number; companies: number; lists: number };

/** The workspace's record counts, from the same endpoints the grids use. */
export const workspaceCountsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'counts'],
    queryFn: async ({ signal }): Promise<WorkspaceCounts> => {
      const [contacts, companies, lists] = await Promise.all([
        api.get('/api/v1/contacts/count', { schema: countSchema, signal }),
        api.get('/api/v1/companies/count', { schema: countSchema, signal }),
        api.get('/api/v1/lists?limit=1&count=true', { schema: listPageSchema, signal }),
      ]);
      return { contacts: contacts.total, companies: companies.total, lists: lists.total ?? lists.data.length };
    },
    staleTime: 30_000,
  });

export const useWorkspaceCounts = () => useQuery(workspaceCountsQuery());

const running = (i: Import) => i.status === 'queued' || i.status === 'processing';

/** The five newest imports; polled every second while one of them runs. */
export const useRecentImports = () =>
  useQuery({
    queryKey: ['dashboard', 'recent-imports'],
    queryFn: ({ signal }) => api.get('/api/v1/imports?limit=5', { schema: importPageSchema, signal }),
    refetchInterval: (query) => (query.state.data?.data.some(running) ? 1000 : false),
  });
