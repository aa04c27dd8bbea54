import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** The page's primary action(s), shown on the right. */
  actions?: ReactNode;
  /** Something above the title, e.g. a breadcrumb back to the list. */
  above?: ReactNode;
};

export function PageHeader({ title, description, actions, above }: PageHeaderProps) {
  useDocumentTitle(`${title} · Leadtrail`);
  return (
    <Stack gap={4} mb="xl">
      {above}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4} miw={0} flex="1 1 320px">
          <Title order={1} fz="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        {actions && (
          <Group gap="sm" wrap="nowrap">
            {actions}
          </Group>
        )}
      </Group>
    </Stack>
  );
}
