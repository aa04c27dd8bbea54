import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled panel of the account page. */
export function Section({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id ? `${id}-title` : undefined}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4" id={id ? `${id}-title` : undefined}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
