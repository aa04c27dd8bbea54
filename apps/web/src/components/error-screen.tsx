import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type ErrorScreenProps = {
  title?: string;
  message?: ReactNode;
  /** Retry handler; reloads the page when not given. */
  onRetry?: () => void;
  /** Extra actions, e.g. a link back to the dashboard. */
  actions?: ReactNode;
  fullPage?: boolean;
  /** The error report's id, for the user to quote to support. */
  eventId?: string;
};

export function ErrorScreen({
  title = 'Something went wrong',
  message = 'We could not show this page. It may be a temporary problem: try again in a moment.',
  onRetry,
  actions,
  fullPage = false,
  eventId,
}: ErrorScreenProps) {
  return (
    <Center mih={fullPage ? '100vh' : 360} p="md" component={fullPage ? 'main' : 'div'}>
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconAlertTriangle size={30} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        {eventId && (
          <Text size="sm" c="dimmed" data-testid="error-event-id">
            We were notified. Reference: <Code>{eventId}</Code>
          </Text>
        )}
        <Group justify="center">
          <Button
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={onRetry ?? (() => window.location.reload())}
          >
            Try again
          </Button>
          {actions}
        </Group>
      </Stack>
    </Center>
  );
}
