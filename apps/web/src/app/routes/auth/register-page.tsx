import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { AuthPanel } from '../../../components/auth-panel';
import { useStartSession } from '../../../features/auth/api/use-start-session';
import { RegisterForm } from '../../../features/auth/components/register-form';

export function Component() {
  const navigate = useNavigate();
  const startSession = useStartSession();

  const onRegistered = async () => {
    const me = await startSession();
    await navigate('/', { replace: true });
    notifications.show({ color: 'blue', title: 'Welcome to Leadtrail', message: `${me.workspace.name} is ready.` });
  };

  return (
    <AuthPanel
      title="Create your Leadtrail account"
      description="Start a workspace for your team. You can invite your colleagues next."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        </>
      }
    >
      <RegisterForm onRegistered={onRegistered} />
    </AuthPanel>
  );
}
