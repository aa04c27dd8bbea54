import { can, type Role } from '@leadtrail/contracts';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useSubscription } from '../api/billing';
import { pastDueMessage } from '../utils/past-due';

/**
 * Top of every signed-in page for owners and admins while a renewal payment has failed: paid
 * features stay on during the retries; the link goes where the card can be fixed.
 */
export function PastDueBanner({ role }: { role: Role }) {
  const manage = can(role, 'billing:manage');
  const subscription = useSubscription(manage);
  const { pathname } = useLocation();
  const s = subscription.data;
  if (!manage || !s?.pastDue) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} mb="lg" role="status" data-testid="past-due-banner">
      <Text size="sm">
        <Text span fw={600} size="sm">
          A payment for your plan failed.
        </Text>{' '}
        {pastDueMessage(s)}{' '}
        {pathname !== '/settings/payment-methods' && (
          <Anchor component={Link} to="/settings/payment-methods" size="sm" fw={600}>
            Update your payment method
          </Anchor>
        )}
      </Text>
    </Alert>
  );
}
