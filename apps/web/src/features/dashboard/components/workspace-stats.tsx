import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAddressBook, IconBuilding, IconListDetails, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { useWorkspaceCounts, type WorkspaceCounts } from '../api/dashboard';

const stats: { key: keyof WorkspaceCounts; label: string; to: string; icon: Icon }[] = [
  { key: 'contacts', label: 'Contacts', to: '/my-contacts/contacts', icon: IconAddressBook },
  { key: 'companies', label: 'Companies', to: '/my-contacts/companies', icon: IconBuilding },
  { key: 'lists', label: 'Lists', to: '/lists/my-lists', icon: IconListDetails },
];

const number = new Intl.NumberFormat();

/** Contacts, companies and lists in the workspace, each a link to its screen. */
export function WorkspaceStats() {
  const counts = useWorkspaceCounts();
  if (counts.isError) {
    return (
      <RetryAlert title="Couldn't load your workspace's counts" error={counts.error} onRetry={() => void counts.refetch()} />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {stats.map((s) => (
        <Card key={s.key} withBorder radius="md" padding="lg" component={Link} to={s.to} aria-label={`${s.label}: open`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                {s.label}
              </Text>
              {counts.data ? (
                <Text fz={28} fw={700} lh={1.1} data-testid={`stat-${s.key}`}>
                  {number.format(counts.data[s.key])}
                </Text>
              ) : (
                <Skeleton height={30} width={80} />
              )}
            </Stack>
            <ThemeIcon size={40} radius="md" variant="light">
              <s.icon size={22} aria-hidden="true" />
            </ThemeIcon>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
