import type { List } from '@leadtrail/contracts';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import type { Viewer } from '../../../lib/viewer';
import { useDeleteList } from '../api/lists';
import { confirmDeleteList, entityNoun } from './delete-list';
import { ListFormModal } from './list-form-modal';

const n = new Intl.NumberFormat();

/** The list page's header: name, type, size, owner and description; edit and delete. */
export function ListHeader({ list, viewer }: { list: List; viewer: Viewer }) {
  const [editing, edit] = useDisclosure(false);
  const remove = useDeleteList();
  const navigate = useNavigate();
  const canDelete = viewer.canDeleteAny || list.ownerId === viewer.memberId;

  return (
    <>
      <PageHeader
        title={list.name}
        above={
          <Anchor component={Link} to="/lists/my-lists" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden="true" />
              My lists
            </Group>
          </Anchor>
        }
        description={
          <Stack gap={4} component="span">
            <Group gap="xs" component="span" wrap="wrap">
            <Badge variant="light" color={list.entity === 'contacts' ? 'blue' : 'teal'} tt="none" radius="sm">
              {list.entity === 'contacts' ? 'Contacts' : 'Companies'}
            </Badge>
            <span data-testid="list-member-count">
              {n.format(list.memberCount)} {entityNoun(list, list.memberCount)}
            </span>
            {list.ownerName && <span>· owned by {list.ownerName}</span>}
            </Group>
            {/* prose on a line of its own, not another "·" item among the facts above */}
            {list.description && (
              <Text span size="sm" c="dimmed" data-testid="list-description">
                {list.description}
              </Text>
            )}
          </Stack>
        }
        actions={
          viewer.canWrite && (
            <>
              <Button variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={edit.open}>
                Rename or describe
              </Button>
              {canDelete && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() =>
                    confirmDeleteList(
                      list,
                      (l) => remove.mutateAsync({ id: l.id, entity: l.entity }),
                      () => void navigate('/lists/my-lists'),
                    )
                  }
                >
                  Delete list
                </Button>
              )}
            </>
          )
        }
      />
      <ListFormModal opened={editing} onClose={edit.close} list={list} />
    </>
  );
}
