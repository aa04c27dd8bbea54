import type { Webhook, WebhookCreated } from '@leadtrail/contracts';
import { Anchor, Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useWebhooks } from '../../../features/webhooks/api/webhooks';
import { DeliveriesDrawer } from '../../../features/webhooks/components/deliveries-drawer';
import { WebhookCreateModal } from '../../../features/webhooks/components/webhook-create-modal';
import { WebhookSecretModal } from '../../../features/webhooks/components/webhook-secret-modal';
import { WebhooksTable } from '../../../features/webhooks/components/webhooks-table';

/** Settings → API & webhooks (owners and admins): the REST API in short, and the webhook endpoints. */
export function Component() {
  const webhooks = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [showing, setShowing] = useState<Webhook | null>(null);

  const header = (
    <PageHeader
      title="API & webhooks"
      description="Connect Leadtrail to your CRM and your own scripts: the REST API with API keys, and webhooks that tell them when something changes."
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
          Add endpoint
        </Button>
      }
    />
  );

  const body = webhooks.isPending ? (
    <PageSkeleton />
  ) : webhooks.isError ? (
    <Text c="red" role="alert">
      The webhook endpoints could not be loaded: {errorMessage(webhooks.error)}{' '}
      <Button variant="subtle" size="compact-sm" onClick={() => void webhooks.refetch()}>
        Retry
      </Button>
    </Text>
  ) : webhooks.data.data.length === 0 ? (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="xs">
        <Text fw={600}>No webhook endpoints yet</Text>
        <Text size="sm" c="dimmed" ta="center" maw={480}>
          Add an endpoint to receive contact, company, import, reveal, list and credit events as they happen, instead of polling
          the API.
        </Text>
        <Button mt="sm" variant="light" onClick={() => setCreating(true)}>
          Add endpoint
        </Button>
      </Stack>
    </Paper>
  ) : (
    <WebhooksTable webhooks={webhooks.data.data} onShowDeliveries={setShowing} />
  );

  return (
    <>
      {header}
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={2} fz="h4">
            Webhook endpoints
          </Title>
          {body}
        </Stack>
        <Stack gap={4}>
          <Title order={2} fz="h4">
            REST API
          </Title>
          <Text size="sm">
            Create a personal API key under{' '}
            <Anchor component={Link} to="/settings/my-account#api-keys">
              My account
            </Anchor>{' '}
            and send it as <Code>Authorization: Bearer …</Code>. The reference is at{' '}
            <Anchor href="/api/docs" target="_blank" rel="noreferrer">
              /api/docs
            </Anchor>
            .
          </Text>
        </Stack>
      </Stack>
      <WebhookCreateModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(made) => {
          setCreating(false);
          setCreated(made);
        }}
      />
      <WebhookSecretModal created={created} onClose={() => setCreated(null)} />
      <DeliveriesDrawer webhook={showing} onClose={() => setShowing(null)} />
    </>
  );
}
