import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldX } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useErasePerson } from '../api/privacy';
import { removedSentence } from '../utils/removed-sentence';

/**
 * "Erase this person" on a contact's page (owners and admins): one action removes the person
 * everywhere in the workspace and suppresses their hashed email (PRODUCT.md 7a).
 */
export function ErasePersonButton({ email, name }: { email: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [deleteFiles, setDeleteFiles] = useState(false);
  const erase = useErasePerson();
  const navigate = useNavigate();

  const confirm = async () => {
    try {
      const result = await erase.mutateAsync({ email, deleteFiles });
      setOpen(false);
      await navigate('/my-contacts/contacts');
      notifications.show({
        color: 'green',
        title: `${name} erased`,
        message: `Removed ${removedSentence(result)}. Their hashed email is on the suppression list.`,
        autoClose: 10_000,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Nothing was erased', message: errorMessage(error) });
    }
  };

  return (
    <>
      <Button
        variant="default"
        color="red"
        leftSection={<IconShieldX size={16} aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        Erase this person
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Erase ${name} everywhere?`}>
        <Stack gap="sm">
          <Text size="sm">
            Every contact with the address <strong>{email}</strong> is deleted with its notes, timeline, list
            memberships and reveal record, and the address is removed from import error reports and previews. This can't
            be undone.
          </Text>
          <Text size="sm">
            Its SHA-256 hash goes on the suppression list (reason: erasure request), so no later import or reveal brings
            the person back. The audit log records the erasure with the hash only.
          </Text>
          <Checkbox
            label="Also delete the uploaded files that contain the address"
            description="Otherwise they are listed for you to decide; files are never rewritten."
            checked={deleteFiles}
            onChange={(e) => setDeleteFiles(e.currentTarget.checked)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={erase.isPending}>
              Erase person
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
