import { Anchor, Button, Stack } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthPanel } from '../../../components/auth-panel';
import { EmptyState } from '../../../components/empty-state';
import { RegisterForm } from '../../../features/auth/components/register-form';

export function Component() {
  // the server answers the same for any address (it never says whether one has an account):
  // what happens next is in the email
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <AuthPanel title="Check your email" description={`We sent a message to ${sentTo}.`}>
        <Stack gap="md">
          <EmptyState
            withBorder={false}
            icon={<IconMailForward size={28} aria-hidden="true" />}
            title="Follow the link in the email"
            text="It creates your account and your workspace and signs you in. The link works once, for 24 hours. If this address already has an account, the email says how to sign in instead."
          />
          <Button component={Link} to="/login" variant="subtle" fullWidth>
            Back to sign in
          </Button>
        </Stack>
      </AuthPanel>
    );
  }

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
      <RegisterForm onRegistered={setSentTo} />
    </AuthPanel>
  );
}
