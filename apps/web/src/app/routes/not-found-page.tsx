import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';

export function Component() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found · Leadtrail');

  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="lg" maw={520} ta="center">
        <Anchor component={Link} to="/" aria-label="Leadtrail home" underline="never">
          <Logo size={32} />
        </Anchor>
        <Text fz={72} fw={800} lh={1} c="blue.8" aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          Page not found
        </Title>
        <Text c="dimmed">
          There is no page at <Text span ff="monospace" c="var(--mantine-color-text)">{pathname}</Text>. The
          link may be mistyped, or the page was moved or deleted.
        </Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} aria-hidden="true" />}>
          Back to dashboard
        </Button>
      </Stack>
    </Center>
  );
}
