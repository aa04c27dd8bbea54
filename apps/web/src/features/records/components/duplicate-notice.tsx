import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';

type DuplicateNoticeProps = {
  /** "A contact with this email already exists" */
  message: string;
  href: string;
  onOpen?: () => void;
};

/** Shown when a create or an edit collides with an existing record: offers to open it. */
export function DuplicateNotice({ message, href, onOpen }: DuplicateNoticeProps) {
  return (
    <Alert color="yellow" variant="light" icon={<IconCopy size={18} aria-hidden="true" />} role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{message}</Text>
        <Button component={Link} to={href} size="xs" variant="light" onClick={onOpen}>
          Open it
        </Button>
      </Group>
    </Alert>
  );
}
