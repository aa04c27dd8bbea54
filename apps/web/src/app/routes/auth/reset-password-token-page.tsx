import { Button, Skeleton, Stack } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AuthPanel } from '../../../components/auth-panel';
import { EmptyState } from '../../../components/empty-state';
import { meQueryKey } from '../../../features/auth/api/get-me';
import { usePasswordResetCheck } from '../../../features/auth/api/password-reset';
import { ResetConfirmForm } from '../../../features/auth/components/reset-confirm-form';
import { looksLikeToken } from '../../../features/auth/utils/looks-like-token';

type Step = 'form' | 'done' | 'invalid';

export function Component() {
  const { token } = useParams();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(looksLikeToken(token) ? 'form' : 'invalid');
  // the link is checked before the form: a dead one is reported before a password is typed twice
  const check = usePasswordResetCheck(token, step === 'form' && looksLikeToken(token));

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

  if (step === 'invalid' || !looksLikeToken(token) || check.data?.valid === false) {
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

  if (check.isPending) {
    return (
      <AuthPanel title="Checking your reset link">
        <Stack gap="md" aria-busy="true" aria-label="Checking the reset link">
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      </AuthPanel>
    );
  }

  // a check that could not be made (network) leaves the form: the server decides at submit
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
