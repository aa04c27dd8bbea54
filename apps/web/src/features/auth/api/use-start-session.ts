import type { Me } from '@leadtrail/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { meQueryKey, meQueryOptions } from './get-me';

/**
 * After sign-in or registration: forget anything cached before, and load the new user.
 * Fails when the browser refused the session cookie.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return async (): Promise<Me> => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    if (!me) {
      throw new ApiError({
        type: 'about:blank',
        title:
          'You were signed in, but your browser did not keep the session. Allow cookies for this site and try again.',
        status: 0,
        code: 'session_not_kept',
      });
    }
    return me;
  };
}
