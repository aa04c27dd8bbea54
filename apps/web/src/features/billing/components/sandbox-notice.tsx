import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';

/** Said wherever a sandbox card is entered: nothing real is charged (a note, not an alert). */
export function SandboxNotice() {
  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-blue-light)" role="note" aria-label="Sandbox">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconFlask size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Sandbox — use Stripe&apos;s test cards
          </Text>
          <Text size="sm">
            No real card is charged. 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for a
            confirmation step. Any future expiry and any three-digit CVC.
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
