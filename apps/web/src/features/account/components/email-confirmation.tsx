import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmEmailChange } from '../api/account';

/** Follows the emailed link (/settings/my-account?confirm-email=…) once, then drops it from the URL. */
export function EmailConfirmation() {
  const [params, setParams] = useSearchParams();
  const token = params.get('confirm-email');
  const confirm = useConfirmEmailChange();
  const done = useRef<string | null>(null);

  useEffect(() => {
    if (!token || done.current === token) return;
    done.current = token;
    confirm.mutate(token, {
      onSuccess: ({ email }) =>
        notifications.show({ color: 'green', title: 'Email changed', message: `You now sign in with ${email}.` }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Email not changed',
          message: errorMessage(error),
          autoClose: false,
        }),
      onSettled: () =>
        setParams(
          (p) => {
            p.delete('confirm-email');
            return p;
          },
          { replace: true },
        ),
    });
  }, [token, confirm, setParams]);

  return null;
}
