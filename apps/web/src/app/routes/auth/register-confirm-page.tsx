import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLinkOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthPanel } from '../../../components/auth-panel';
import { EmptyState } from '../../../components/empty-state';
import { FullPageLoader } from '../../../components/full-page-loader';
import { useConfirmRegistration } from '../../../features/auth/api/register';
import { useStartSession } from '../../../features/auth/api/use-start-session';
import { looksLikeToken } from '../../../features/auth/utils/looks-like-token';
import { errorMessage, isApiError } from '../../../lib/api-client';

/** The emailed sign-up link: creates the account and workspace, signs in, opens the dashboard. */
export function Component() {
  const { token } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirmRegistration();
  const startSession = useStartSession();
  const [problem, setProblem] = useState<string | null>(looksLikeToken(token) ? null : 'invalid');
  const started = useRef(false);

  useEffect(() => {
    // once: the link works a single time (React may run effects twice in development)
    if (started.current || !looksLikeToken(token)) return;
    started.current = true;
    void (async () => {
      try {
        await confirm.mutateAsync({ token });
        const me = await startSession();
        await navigate('/', { replace: true });
        notifications.show({ color: 'blue', title: 'Welcome to Leadtrail', message: `${me.workspace.name} is ready.` });
      } catch (error) {
        setProblem(isApiError(error) && error.code === 'invalid_token' ? 'invalid' : errorMessage(error));
      }
    })();
  }, [token, confirm, startSession, navigate]);

  if (!problem) return <FullPageLoader />;
  return (
    <AuthPanel
      title={problem === 'invalid' ? 'This sign-up link is invalid or has expired' : 'Your account was not created'}
      description="Sign-up links work once and expire 24 hours after they are sent."
    >
      <Stack gap="md">
        <EmptyState
          withBorder={false}
          icon={<IconLinkOff size={28} aria-hidden="true" />}
          title="No account was created from this link"
          text={problem === 'invalid' ? 'Register again to get a fresh link, or sign in if you already did.' : problem}
        />
        <Button component={Link} to="/register" fullWidth>
          Register again
        </Button>
        <Button component={Link} to="/login" variant="subtle" fullWidth>
          Back to sign in
        </Button>
      </Stack>
    </AuthPanel>
  );
}
