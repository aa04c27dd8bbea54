import type { Role } from '@leadtrail/contracts';
import { Badge, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconSelector } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { useSwitchWorkspace } from '../api/workspace';

type Workspace = { id: string; name: string; role: Role };

type WorkspaceSwitcherProps = {
  currentId: string;
  currentName: string;
  workspaces: Workspace[];
  /** Refresh whatever depends on the workspace once the server switched. */
  onSwitched: (workspace: Workspace) => Promise<void> | void;
};

const roleLabel: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** The workspace's name; a menu to switch when the user belongs to several. */
export function WorkspaceSwitcher({ currentId, currentName, workspaces, onSwitched }: WorkspaceSwitcherProps) {
  const switchWorkspace = useSwitchWorkspace();

  if (workspaces.length <= 1) {
    return (
      <Text fw={600} size="sm" truncate="end" maw={240} title={currentName}>
        {currentName}
      </Text>
    );
  }

  const choose = async (workspace: Workspace) => {
    if (workspace.id === currentId) return;
    try {
      await switchWorkspace.mutateAsync({ workspaceId: workspace.id });
      await onSwitched(workspace);
      notifications.show({ color: 'blue', message: `Switched to ${workspace.name}` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not switch workspace', message: errorMessage(error) });
    }
  };

  return (
    <Menu position="bottom-start" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Workspace: ${currentName}. Switch workspace`}
          px="xs"
          py={4}
          disabled={switchWorkspace.isPending}
        >
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm" truncate="end" maw={220}>
              {currentName}
            </Text>
            <IconSelector size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your workspaces</Menu.Label>
        {workspaces.map((workspace) => (
          <Menu.Item
            key={workspace.id}
            onClick={() => void choose(workspace)}
            leftSection={
              workspace.id === currentId ? (
                <IconCheck size={16} aria-label="Current workspace" />
              ) : (
                <Box w={16} />
              )
            }
            rightSection={
              <Badge size="xs" variant="light" color="gray">
                {roleLabel[workspace.role]}
              </Badge>
            }
          >
            {workspace.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
