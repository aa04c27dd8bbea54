import type { Webhook } from '@leadtrail/contracts';
import { Button, Drawer, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks';
import { eventLabel } from '../utils/event-labels';
import { DeliveryStatus } from './delivery-status';
import { ScrollTable } from '../../../components/scroll-table';

/** An endpoint's deliveries log: status, response code, duration, attempts, next retry, and "Send again". */
export function DeliveriesDrawer({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const deliveries = useWebhookDeliveries(webhook?.id ?? null);
  const resend = useResendDelivery();

  const sendAgain = (deliveryId: string) =>
    resend.mutate(
      { id: webhook!.id, deliveryId },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'The event will be sent again within a few seconds' });
          void deliveries.refetch();
        },
        onError: (error) => notifications.show({ color: 'red', title: 'Not sent again', message: errorMessage(error) }),
      },
    );

  return (
    <Drawer
      opened={!!webhook}
      onClose={onClose}
      position="right"
      size="xl"
      title={`Deliveries to ${webhook?.url ?? ''}`}
      closeButtonProps={{ 'aria-label': 'Close deliveries' }}
    >
      {deliveries.isPending ? (
        <Stack gap="xs" aria-label="Loading deliveries">
          <Skeleton height={32} />
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : deliveries.isError ? (
        <Text c="red" size="sm" role="alert">
          The deliveries could not be loaded: {errorMessage(deliveries.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void deliveries.refetch()}>
            Retry
          </Button>
        </Text>
      ) : deliveries.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing sent yet. Events this endpoint listens to appear here within seconds; “Send test” sends a sample now.
        </Text>
      ) : (
        <ScrollTable minWidth={720} label="Deliveries">
          <Table verticalSpacing="xs" aria-label="Deliveries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Response</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="sm">{eventLabel(d.eventType)}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {d.eventId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <DeliveryStatus delivery={d} />
                  </Table.Td>
                  <Table.Td>
                    {d.error ? (
                      <Tooltip label={d.error} multiline maw={360}>
                        <Text size="sm" c={d.status === 'succeeded' ? undefined : 'red'} tabIndex={0}>
                          {d.responseCode ?? 'No answer'}
                        </Text>
                      </Tooltip>
                    ) : (
                      <Text size="sm">{d.responseCode ?? '—'}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.durationMs === null ? '—' : `${d.durationMs} ms`}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.attempts}</Text>
                  </Table.Td>
                  <Table.Td>
                    {d.nextAttemptAt && d.attempts > 0 ? (
                      <Text size="xs" component="time" dateTime={d.nextAttemptAt}>
                        Next retry at {new Date(d.nextAttemptAt).toLocaleTimeString(undefined, { timeStyle: 'short' })}
                      </Text>
                    ) : (
                      <RelativeTime iso={d.lastAttemptAt ?? d.createdAt} size="xs" />
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => sendAgain(d.id)}
                      loading={resend.isPending && resend.variables?.deliveryId === d.id}
                      aria-label={`Send ${eventLabel(d.eventType)} again`}
                    >
                      Send again
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Drawer>
  );
}
