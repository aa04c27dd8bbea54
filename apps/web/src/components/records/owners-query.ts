import { memberListSchema } from '@leadtrail/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, isApiErrorWith } from '../../lib/api-client';

export type OwnerOption = { value: string; label: string; active: boolean };

/**
 * The members a record can be owned by. The member list is open to owners and admins only, so
 * for a member it is just themself (records owned by others then show "Another member").
 */
export function useOwnerOptions(me: { memberId: string; name: string }) {
  const query = useQuery({
    queryKey: ['records', 'owner-options'],
    queryFn: async ({ signal }): Promise<OwnerOption[] | null> => {
      try {
        const list = await api.get('/api/v1/members', { schema: memberListSchema, signal });
        return list.data.map((m) => ({
          value: m.id,
          label: m.status === 'active' ? m.name : `${m.name} (deactivated)`,
          active: m.status === 'active',
        }));
      } catch (error) {
        if (isApiErrorWith(error, 403)) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
  const options: OwnerOption[] = query.data ?? [{ value: me.memberId, label: me.name, active: true }];
  const nameOf = (id: string | null | undefined): string | null => {
    if (!id) return null;
    return options.find((o) => o.value === id)?.label ?? (query.isPending ? '…' : 'Another member');
  };
  return { options, activeOptions: options.filter((o) => o.active), nameOf, isPending: query.isPending };
}
