import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { meQueryKey } from '../../features/auth/api/get-me';
import { useLogout } from '../../features/auth/api/logout';
import { errorMessage, isApiErrorWith } from '../../lib/api-client';

/** Ends the session on the server, forgets every cached record, and goes to sign-in. */
export function useSignOut() {
  const logout = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      // 401: the session had already ended, which is what we want.
      if (!isApiErrorWith(error, 401)) {
        notifications.show({ color: 'red', title: 'Could not sign out', message: errorMessage(error) });
        return;
      }
    }
    // Me first, so the shell stops rendering pages; then drop the previous user's data.
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    await navigate('/login', { replace: true });
    notifications.show({ color: 'blue', message: 'You are signed out.' });
  };

  return { signOut, isPending: logout.isPending };
}
