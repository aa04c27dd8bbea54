import type { Webhook } from '@leadtrail/contracts';
import { Badge, Button, Group, Switch, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook } from '../api/webhooks';
import { eventLabel } from '../utils/event-labels';

type Props = { webhooks: Webhook[]; onShowDeliveries: (webhook: Webhook) => void };

/** The workspace's endpoints: events, on/off, a test, the deliveries log, delete. */
export function WebhooksTable({ webhooks, onShowDeliveries }: Props) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();

  const toggle = (webhook: Webhook, enabled: boolean) =>
    update.mutate(
      { id: webhook.id, body: { enabled } },
      {
        onSuccess: () => notifications.show({ color: 'green', message: enabled ? `Sending to ${webhook.url} again` : `Stopped sending to ${webhook.url}` }),
        onError: (error) => notifications.show({ color: 'red', title: 'Not changed', message: errorMessage(error) }),
      },
    );

  const sendTest = (webhook: Webhook) =>
    test.mutate(webhook.id, {
      onSuccess: (delivery) =>
        delivery.status === 'succeeded'
          ? notifications.show({ color: 'green', message: `Test event delivered (HTTP ${delivery.responseCode}, ${delivery.durationMs} ms)` })
          : notifications.show({ color: 'red', title: 'The test event was not accepted', message: delivery.error ?? 'No answer' }),
      onError: (error) => notifications.show({ color: 'red', title: 'Test not sent', message: errorMessage(error) }),
    });

  const confirmDelete = (webhook: Webhook) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: 'Delete this webhook endpoint?',
      children: (
        <Text size="sm">
          Nothing more is sent to <Text span fw={600}>{webhook.url}</Text>, and its deliveries log is deleted with it.
        </Text>
      ),
      labels: { confirm: 'Delete endpoint', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(webhook.id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Webhook endpoint deleted' }),
          onError: (error) => notifications.show({ color: 'red', title: 'Not deleted', message: errorMessage(error) }),
        }),
    });

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" aria-label="Webhook endpoints">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Endpoint</Table.Th>
            <Table.Th>Events</Table.Th>
            <Table.Th>Sending</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {webhooks.map((w) => (
            <Table.Tr key={w.id}>
              <Table.Td maw={320}>
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {w.url}
                </Text>
                {!w.enabled && w.disabledReason && (
                  <Text size="xs" c="red">
                    Turned off: {w.disabledReason.toLowerCase()}
                  </Text>
                )}
                {w.enabled && w.consecutiveFailures > 0 && (
                  <Text size="xs" c="orange">
                    {w.consecutiveFailures} failed {w.consecutiveFailures === 1 ? 'attempt' : 'attempts'} in a row
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {w.events.map((e) => (
                    <Tooltip key={e} label={e}>
                      <Badge variant="light" color="gray" tt="none">
                        {eventLabel(e)}
                      </Badge>
                    </Tooltip>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Switch
                  checked={w.enabled}
                  onChange={(event) => toggle(w, event.currentTarget.checked)}
                  label={w.enabled ? 'On' : 'Off'}
                  aria-label={`Send events to ${w.url}`}
                />
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button variant="subtle" size="compact-sm" onClick={() => onShowDeliveries(w)} aria-label={`Deliveries to ${w.url}`}>
                    Deliveries
                  </Button>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => sendTest(w)}
                    loading={test.isPending && test.variables === w.id}
                    aria-label={`Send a test event to ${w.url}`}
                  >
                    Send test
                  </Button>
                  <Button variant="subtle" color="red" size="compact-sm" onClick={() => confirmDelete(w)} aria-label={`Delete endpoint ${w.url}`}>
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
