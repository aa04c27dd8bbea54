import { Button, Stack } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AuthPanel } from '../../../components/auth-panel';
import { EmptyState } from '../../../components/empty-state';
import { meQueryKey } from '../../../features/auth/api/get-me';
import { ResetConfirmForm } from '../../../features/auth/components/reset-confirm-form';
import { looksLikeToken } from '../../../features/auth/utils/looks-like-token';

type Step = 'form' | 'done' | 'invalid';

export function Component() {
  const { token } = useParams();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(looksLikeToken(token) ? 'form' : 'invalid');

  if (step === 'done') {
    return (
      <AuthPanel title="Your password was changed" description="Use it from now on to sign in.">
        <Stack gap="md">
          <EmptyState
            withBorder={false}
            icon={<IconCircleCheck size={28} aria-hidden="true" />}
            title="All set"
            text="For your security, every other session of your account was signed out."
          />
          <Button component={Link} to="/login" fullWidth>
            Sign in
          </Button>
        </Stack>
      </AuthPanel>
    );
  }

  if (step === 'invalid' || !looksLikeToken(token)) {
    return (
      <AuthPanel
        title="This reset link is invalid or has expired"
        description="Reset links work once and expire 1 hour after they are sent."
      >
        <Stack gap="md">
          <EmptyState
            withBorder={false}
            icon={<IconLinkOff size={28} aria-hidden="true" />}
            title="Your password was not changed"
            text="Ask for a fresh link below and use it within the hour."
          />
          <Button component={Link} to="/reset-password" fullWidth>
            Request a new link
          </Button>
          <Button component={Link} to="/login" variant="subtle" fullWidth>
            Back to sign in
          </Button>
        </Stack>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel title="Choose a new password" description="Pick a password you don't use anywhere else.">
      <ResetConfirmForm
        token={token}
        onDone={() => {
          // The session in this browser may have been signed out too: ask the server again.
          queryClient.removeQueries({ queryKey: meQueryKey });
          setStep('done');
        }}
        onInvalidToken={() => setStep('invalid')}
      />
    </AuthPanel>
  );
}
