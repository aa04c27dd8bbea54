import { can } from '@leadtrail/contracts';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { DeleteWorkspacePanel } from '../../../features/privacy/components/delete-workspace-panel';
import { ErasureForm } from '../../../features/privacy/components/erasure-form';
import { RetentionForm } from '../../../features/privacy/components/retention-form';
import { WorkspaceExportPanel } from '../../../features/privacy/components/workspace-export-panel';
import { EmptyState } from '../../../components/empty-state';
import { IconLock } from '@tabler/icons-react';

/** Settings → Privacy (PRODUCT.md 7a): workspace export, erasure requests, retention, the danger zone. */
export function Component() {
  const me = useSignedInMe();
  const header = (
    <PageHeader
      title="Privacy"
      description="Export everything the workspace holds, answer erasure requests, and choose how long uploaded files are kept."
    />
  );
  if (!can(me.role, 'settings:manage')) {
    return (
      <>
        {header}
        <EmptyState
          icon={<IconLock size={32} aria-hidden="true" />}
          title="Owners and admins only"
          text="Ask an owner or an admin of the workspace to export data or erase a person."
        />
      </>
    );
  }
  return (
    <>
      {header}
      <Stack gap="lg" maw={860}>
        <WorkspaceExportPanel />
        <ErasureForm />
        <RetentionForm />
        {can(me.role, 'workspace:own') && <DeleteWorkspacePanel workspaceName={me.workspace.name} />}
      </Stack>
    </>
  );
}
