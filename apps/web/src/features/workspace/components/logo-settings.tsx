import { LOGO_MAX_BYTES, type Workspace } from '@leadtrail/contracts';
import { Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveLogo, useUploadLogo } from '../api/workspace';

const ACCEPT = 'image/png,image/jpeg';

/** PNG or JPEG up to 1 MB. SVG is refused by the server (it can carry scripts). */
export function LogoSettings({ workspace }: { workspace: Workspace }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();

  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      notifications.show({ color: 'red', title: 'Logo not uploaded', message: 'The logo must be 1 MB or smaller.' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Logo updated' }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Logo not uploaded', message: errorMessage(error) }),
    });
  };

  const confirmRemove = () =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: 'Remove the logo?',
      children: (
        <Text size="sm">
          The logo disappears from the app and from new invoices. You can upload another one at any time.
        </Text>
      ),
      labels: { confirm: 'Remove logo', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Logo removed' }),
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Logo not removed', message: errorMessage(error) }),
        }),
    });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="h4">
          Logo
        </Title>
        <Group gap="lg" align="center">
          {workspace.logoUrl ? (
            <Image
              src={workspace.logoUrl}
              alt={`${workspace.name} logo`}
              h={64}
              w="auto"
              maw={200}
              fit="contain"
              radius="sm"
            />
          ) : (
            <Paper
              withBorder
              radius="sm"
              w={64}
              h={64}
              style={{ display: 'grid', placeItems: 'center' }}
              role="img"
              aria-label="No logo yet"
            >
              <IconPhoto size={28} aria-hidden="true" />
            </Paper>
          )}
          <Stack gap={6}>
            <Group gap="sm">
              <FileButton onChange={choose} accept={ACCEPT}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconUpload size={16} aria-hidden="true" />}
                    loading={upload.isPending}
                  >
                    {workspace.logoUrl ? 'Replace logo' : 'Upload logo'}
                  </Button>
                )}
              </FileButton>
              {workspace.logoUrl && (
                <Button variant="subtle" color="red" onClick={confirmRemove} loading={remove.isPending}>
                  Remove logo
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              PNG or JPEG, at most 1 MB. SVG files are not accepted.
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
