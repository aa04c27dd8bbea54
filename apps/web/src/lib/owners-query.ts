import { memberDirectorySchema } from '@leadtrail/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export type OwnerOption = { value: string; label: string; active: boolean };

export const ownerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['records', 'owner-options'],
    queryFn: async ({ signal }): Promise<OwnerOption[]> => {
      const list = await api.get('/api/v1/members/directory', { schema: memberDirectorySchema, signal });
      return list.data.map((m) => ({
        value: m.id,
        label: m.status === 'active' ? m.name : `${m.name} (deactivated)`,
        active: m.status === 'active',
      }));
    },
    staleTime: 5 * 60_000,
  });

/** The members a record can be owned by (the directory is open to every member). */
export function useOwnerOptions(me: { memberId: string; name: string }) {
  const query = useQuery(ownerOptionsQueryOptions());
  const options: OwnerOption[] = query.data ?? [{ value: me.memberId, label: me.name, active: true }];
  const nameOf = (id: string | null | undefined): string | null => {
    if (!id) return null;
    return options.find((o) => o.value === id)?.label ?? (query.isPending ? '…' : 'Former member');
  };
  return { options, activeOptions: options.filter((o) => o.active), nameOf, isPending: query.isPending };
}
