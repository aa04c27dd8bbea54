import { Button, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useWorkspace } from '../../../features/workspace/api/workspace';
import { CompanySettingsForm } from '../../../features/workspace/components/company-settings-form';
import { LogoSettings } from '../../../features/workspace/components/logo-settings';
import { errorMessage } from '../../../lib/api-client';

export function Component() {
  const workspace = useWorkspace();
  const header = (
    <PageHeader title="Company" description="Your workspace's name, domain, logo, address, tax ID and time zone." />
  );

  if (workspace.isPending) return <PageSkeleton />;
  if (workspace.isError) {
    return (
      <>
        {header}
        <Text c="red" role="alert">
          The company settings could not be loaded: {errorMessage(workspace.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void workspace.refetch()}>
            Retry
          </Button>
        </Text>
      </>
    );
  }
  return (
    <>
      {header}
      <Stack gap="lg" maw={860}>
        <LogoSettings workspace={workspace.data} />
        <CompanySettingsForm key={workspace.data.id} workspace={workspace.data} />
      </Stack>
    </>
  );
}
