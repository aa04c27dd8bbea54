import { Alert, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';

/** Said wherever a sandbox card is entered or charged: nothing real is charged. */
export function SandboxNotice() {
  return (
    <Alert color="blue" variant="light" icon={<IconFlask size={18} aria-hidden="true" />} title="Sandbox — use Stripe's test cards">
      <Text size="sm">
        No real card is charged. 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for a
        confirmation step. Any future expiry and any three-digit CVC.
      </Text>
    </Alert>
  );
}
