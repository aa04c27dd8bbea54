import { Anchor } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthPanel } from '../../../components/auth-panel';
import { useStartSession } from '../../../features/auth/api/use-start-session';
import { LoginForm } from '../../../features/auth/components/login-form';
import { safeNextPath } from '../../../features/auth/utils/safe-next';

export function Component() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const navigate = useNavigate();
  const startSession = useStartSession();

  const onSignedIn = async () => {
    await startSession();
    await navigate(next, { replace: true });
  };

  return (
    <AuthPanel
      title="Sign in to Leadtrail"
      description="Welcome back. Sign in to your workspace."
      footer={
        <>
          New to Leadtrail?{' '}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>
        </>
      }
    >
      <LoginForm onSignedIn={onSignedIn} />
    </AuthPanel>
  );
}
