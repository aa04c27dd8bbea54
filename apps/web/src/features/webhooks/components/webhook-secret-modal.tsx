import type { WebhookCreated } from '@leadtrail/contracts';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The signing secret, shown once right after the endpoint is created. */
export function WebhookSecretModal({ created, onClose }: { created: WebhookCreated | null; onClose: () => void }) {
  return (
    <Modal
      opened={!!created}
      onClose={onClose}
      title="Webhook endpoint added"
      size="lg"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          Copy the signing secret now: it is shown only once.
        </Alert>
        <Code block data-testid="webhook-secret">
          {created?.secret}
        </Code>
        <Text size="xs" c="dimmed">
          Each delivery carries <Code>Leadtrail-Signature: t=…,v1=…</Code>: v1 is the hex HMAC-SHA256 of <Code>{'<t>.<body>'}</Code>{' '}
          with this secret. Check it, and that t is recent, before trusting a delivery.
        </Text>
        <Group justify="flex-end">
          <CopyButton value={created?.secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
