import { meQueryKey } from '../features/auth/api/get-me';
import { loginPathFor } from '../features/auth/utils/safe-next';
import { queryClient, setUnauthorizedHandler } from '../lib/query-client';
import type { AppRouter } from './router';

/**
 * A 401 while signed in means the session ended (expired, revoked, password reset elsewhere):
 * forget the user and ask them to sign in again, then come back here.
 */
export function installSessionExpiryHandler(router: AppRouter): void {
  setUnauthorizedHandler(() => {
    if (!queryClient.getQueryData(meQueryKey)) return; // Signed out already (e.g. a wrong password).
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    const { pathname, search } = router.state.location;
    void router.navigate(loginPathFor(`${pathname}${search}`), { replace: true });
  });
}
