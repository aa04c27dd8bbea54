import type { WebhookDelivery } from '@leadtrail/contracts';
import { Badge } from '@mantine/core';

const look: Record<WebhookDelivery['status'], { color: string; label: string }> = {
  pending: { color: 'yellow', label: 'Pending' },
  succeeded: { color: 'green', label: 'Succeeded' },
  failed: { color: 'red', label: 'Failed' },
};

/** Pending after a failed attempt reads "Retrying". */
export function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const { color, label } = look[delivery.status];
  return (
    <Badge color={color} variant="light">
      {delivery.status === 'pending' && delivery.attempts > 0 ? 'Retrying' : label}
    </Badge>
  );
}
