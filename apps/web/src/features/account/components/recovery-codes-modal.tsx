import { Alert, Button, CopyButton, Group, List, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Shown once, right after they are made: the server keeps only their hashes. */
export function RecoveryCodesModal({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const text = codes?.join('\n') ?? '';
  const download = () => {
    const url = URL.createObjectURL(new Blob([`Leadtrail recovery codes\n\n${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'leadtrail-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={!!codes}
      onClose={onClose}
      title="Save your recovery codes"
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          This is the only time they are shown. Each code signs you in once if you lose your phone.
        </Alert>
        <List listStyleType="none" aria-label="Recovery codes" data-testid="recovery-codes">
          <SimpleGrid cols={2} spacing="xs">
            {codes?.map((code) => (
              <List.Item key={code}>
                <Text ff="monospace" size="md">
                  {code}
                </Text>
              </List.Item>
            ))}
          </SimpleGrid>
        </List>
        <Group justify="space-between">
          <Group gap="sm">
            <CopyButton value={text}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy codes'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={download}>
              Download
            </Button>
          </Group>
          <Button onClick={onClose}>I saved them</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
