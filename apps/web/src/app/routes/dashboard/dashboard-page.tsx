import { can, type Role } from '@leadtrail/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconArrowRight,
  IconBuilding,
  IconFileUpload,
  IconUserPlus,
  IconUserSearch,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { CreditsOverview, RecentReveals } from '../../../features/credits/components/credits-overview';
import { RecentImports } from '../../../features/dashboard/components/recent-imports';
import { useWorkspaceCounts } from '../../../features/dashboard/api/dashboard';
import { WorkspaceStats } from '../../../features/dashboard/components/workspace-stats';
import { showGetStarted } from '../../../features/dashboard/utils/get-started';

const roleLabel: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

type QuickLink = { label: string; text: string; action: string; to: string; icon: Icon };

const quickLinks: QuickLink[] = [
  {
    label: 'Upload file',
    text: 'Import contacts or companies from a CSV or Excel file.',
    action: 'Upload a file',
    to: '/my-contacts/upload-file',
    icon: IconFileUpload,
  },
  {
    label: 'Contacts',
    text: "Browse and organise your workspace's people.",
    action: 'View contacts',
    to: '/my-contacts/contacts',
    icon: IconAddressBook,
  },
  {
    label: 'Prospects',
    text: 'Find new people to contact in the prospect database.',
    action: 'Find prospects',
    to: '/my-contacts/prospects',
    icon: IconUserSearch,
  },
];

const inviteLink: QuickLink = {
  label: 'Invite members',
  text: 'Bring your colleagues into this workspace.',
  action: 'Invite members',
  to: '/settings/users',
  icon: IconUserPlus,
};

const greeting = (): string => {
  const hour = new Date().getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
};

export function Component() {
  const me = useSignedInMe();
  const firstName = me.user.name.split(/\s+/)[0] || me.user.name;
  const links = can(me.role, 'settings:manage') ? [...quickLinks, inviteLink] : quickLinks;
  const counts = useWorkspaceCounts();
  // the first steps are for an empty workspace: once it has records they go
  const firstSteps = showGetStarted(counts.data, counts.isError);

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`${greeting()}, ${firstName}. Here is your starting point in ${me.workspace.name}.`}
      />
      <Stack gap="xl">
        <Card withBorder radius="md" padding="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="md" variant="light">
              <IconBuilding size={24} aria-hidden="true" />
            </ThemeIcon>
            <Stack gap={4} miw={0}>
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                Workspace
              </Text>
              <Title order={2} fz="h3">
                {me.workspace.name}
              </Title>
              <Group gap="xs">
                <Text size="sm">Signed in as {me.user.email}</Text>
                <Badge variant="light" color="blue">
                  {roleLabel[me.role]}
                </Badge>
              </Group>
            </Stack>
          </Group>
        </Card>

        <CreditsOverview seesAll={me.permissions.includes('transactions:read-all')} />

        <WorkspaceStats />

        {firstSteps && (
          <Stack gap="sm">
            <Title order={2} fz="h4">
              Get started
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
              {links.map((link) => (
                <Card key={link.to} withBorder radius="md" padding="lg">
                  <Stack gap="sm" h="100%">
                    <ThemeIcon size={40} radius="md" variant="light">
                      <link.icon size={22} aria-hidden="true" />
                    </ThemeIcon>
                    <Stack gap={4} flex={1}>
                      <Title order={3} fz="md">
                        {link.label}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {link.text}
                      </Text>
                    </Stack>
                    <Button
                      component={Link}
                      to={link.to}
                      variant="light"
                      rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                      justify="space-between"
                      fullWidth
                    >
                      {link.action}
                    </Button>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        )}

        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <RecentReveals />
          <RecentImports />
        </SimpleGrid>
      </Stack>
    </>
  );
}
