import { meSchema, type Me } from '@leadtrail/contracts';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api, isApiErrorWith } from '../../../lib/api-client';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when there is no session (401). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get('/api/v1/me', { schema: meSchema, signal });
  } catch (error) {
    if (isApiErrorWith(error, 401)) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
  });

export const useMe = () => useQuery(meQueryOptions());

/**
 * The signed-in user inside the app shell, which renders its pages only with a session.
 */
export function useSignedInMe(): Me {
  const { data } = useSuspenseQuery(meQueryOptions());
  if (!data) throw new Error('useSignedInMe needs a session: use it inside the app shell.');
  return data;
}
