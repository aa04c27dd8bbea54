import { Button, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useProfile } from '../../../features/account/api/account';
import { ApiKeys } from '../../../features/account/components/api-keys';
import { EmailConfirmation } from '../../../features/account/components/email-confirmation';
import { EmailForm } from '../../../features/account/components/email-form';
import { PasswordForm } from '../../../features/account/components/password-form';
import { ProfileForm } from '../../../features/account/components/profile-form';
import { SessionsList } from '../../../features/account/components/sessions-list';
import { TwoFactor } from '../../../features/account/components/two-factor';
import { errorMessage } from '../../../lib/api-client';

export function Component() {
  // one place in the tree, whatever is shown, so the emailed link is followed once
  return (
    <>
      <EmailConfirmation />
      <AccountSettings />
    </>
  );
}

function AccountSettings() {
  const profile = useProfile();
  const header = (
    <PageHeader
      title="My account"
      description="Your profile, email and password, two-step verification, sessions and API keys."
    />
  );
  if (profile.isPending) return <PageSkeleton />;
  if (profile.isError) {
    return (
      <>
        {header}
        <Text c="red" role="alert">
          Your account could not be loaded: {errorMessage(profile.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void profile.refetch()}>
            Retry
          </Button>
        </Text>
      </>
    );
  }
  return (
    <>
      {header}
      <Stack gap="lg" maw={960}>
        <ProfileForm key={profile.data.id} profile={profile.data} />
        <EmailForm profile={profile.data} />
        <PasswordForm />
        <TwoFactor profile={profile.data} />
        <SessionsList />
        <ApiKeys />
      </Stack>
    </>
  );
}
