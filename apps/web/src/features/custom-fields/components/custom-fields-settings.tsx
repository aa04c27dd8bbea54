import { customFieldTypeLabels, type CustomField, type Entity } from '@leadtrail/contracts';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  ActionIcon,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconForms,
  IconLock,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SortableList } from '../../../components/data-grid';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import {
  useCustomFields,
  useDeleteCustomField,
  useReorderCustomFields,
  useUpdateCustomField,
} from '../api/custom-fields';
import { CustomFieldFormModal } from './custom-field-form-modal';

const entityLabel: Record<Entity, { tab: string; noun: string; plural: string }> = {
  contacts: { tab: 'Contacts', noun: 'contact', plural: 'contacts' },
  companies: { tab: 'Companies', noun: 'company', plural: 'companies' },
};

type CustomFieldsSettingsProps = {
  /** Owners and admins manage fields; members see them read-only. */
  canManage: boolean;
};

/** Settings → Custom fields: per entity, ordered by drag, with create/edit, archive and delete. */
export function CustomFieldsSettings({ canManage }: CustomFieldsSettingsProps) {
  const [params, setParams] = useSearchParams();
  const entity: Entity = params.get('entity') === 'companies' ? 'companies' : 'contacts';
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);

  return (
    <>
      <PageHeader
        title="Custom fields"
        description="Extra fields for contacts and companies. They appear in grids, filters, detail pages, imports and exports."
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
              New {entityLabel[entity].noun} field
            </Button>
          )
        }
      />
      {!canManage && (
        <Alert icon={<IconLock size={18} aria-hidden="true" />} variant="light" mb="md" title="Read only">
          Only owners and admins can add or change custom fields. Ask one of them if a field is missing.
        </Alert>
      )}
      <Tabs
        value={entity}
        onChange={(value) => setParams(value === 'companies' ? { entity: 'companies' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="contacts">Contacts</Tabs.Tab>
          <Tabs.Tab value="companies">Companies</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contacts">
          <FieldList entity="contacts" canManage={canManage} onEdit={setEditing} onNew={() => setEditing('new')} />
        </Tabs.Panel>
        <Tabs.Panel value="companies">
          <FieldList entity="companies" canManage={canManage} onEdit={setEditing} onNew={() => setEditing('new')} />
        </Tabs.Panel>
      </Tabs>
      <CustomFieldFormModal
        entity={entity}
        field={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

type FieldListProps = {
  entity: Entity;
  canManage: boolean;
  onEdit: (field: CustomField) => void;
  onNew: () => void;
};

function FieldList({ entity, canManage, onEdit, onNew }: FieldListProps) {
  const fields = useCustomFields(entity);
  const reorder = useReorderCustomFields();
  const update = useUpdateCustomField();
  const remove = useDeleteCustomField();
  const names = entityLabel[entity];

  if (fields.isPending) {
    return (
      <Paper withBorder radius="md" p="md" aria-busy="true" aria-label="Loading custom fields">
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      </Paper>
    );
  }
  if (fields.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="We could not load the custom fields">
        <Group gap="xs">
          <Text size="sm">{errorMessage(fields.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void fields.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }

  const active = fields.data.filter((f) => !f.archived);
  const archived = fields.data.filter((f) => f.archived);

  const setArchived = (field: CustomField, value: boolean) =>
    update.mutate(
      { id: field.id, body: { archived: value } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: value
              ? `“${field.label}” archived: hidden from grids and forms, values kept`
              : `“${field.label}” is back`,
          }),
        onError: (error) => notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(error) }),
      },
    );

  const confirmDelete = (field: CustomField) =>
    modals.openConfirmModal({
      title: `Delete “${field.label}”?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Its values are dropped from every {names.noun}, and grids, filters and exports lose the column. This
            can&apos;t be undone.
          </Text>
          <Text size="sm" c="dimmed">
            To hide the field but keep its values, archive it instead.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Delete field and values', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(field, {
          onSuccess: () => notifications.show({ color: 'green', message: `“${field.label}” deleted` }),
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Field not deleted', message: errorMessage(error) }),
        }),
    });

  const row = (field: CustomField) => (
    <Group justify="space-between" wrap="nowrap" gap="sm" py={6}>
      <Stack gap={2} miw={0}>
        <Group gap={6}>
          <Text fw={600} size="sm">
            {field.label}
          </Text>
          {field.required && (
            <Badge size="xs" variant="light" color="orange" tt="none">
              Required
            </Badge>
          )}
        </Group>
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {customFieldTypeLabels[field.type]}
            {field.options.length > 0 && ` · ${field.options.map((o) => o.label).join(', ')}`}
          </Text>
          <Code fz="xs">{field.key}</Code>
        </Group>
      </Stack>
      {canManage && (
        <Group gap={4} wrap="nowrap">
          {!field.archived && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPencil size={14} aria-hidden="true" />}
              onClick={() => onEdit(field)}
              aria-label={`Edit ${field.label}`}
            >
              Edit
            </Button>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${field.label}`}>
                <IconDots size={16} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {field.archived ? (
                <Menu.Item
                  leftSection={<IconArchiveOff size={14} aria-hidden="true" />}
                  onClick={() => setArchived(field, false)}
                >
                  Unarchive
                </Menu.Item>
              ) : (
                <Menu.Item
                  leftSection={<IconArchive size={14} aria-hidden="true" />}
                  onClick={() => setArchived(field, true)}
                >
                  Archive (keep values)
                </Menu.Item>
              )}
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                onClick={() => confirmDelete(field)}
              >
                Delete with values
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
    </Group>
  );

  return (
    <Stack gap="lg">
      {active.length === 0 ? (
        <EmptyState
          icon={<IconForms size={28} aria-hidden="true" />}
          title={`No custom fields for ${names.plural} yet`}
          text={`Add fields of your own (text, number, date, checkbox, selects, URL, email, phone) to track what matters about your ${names.plural}.`}
          action={canManage && <Button onClick={onNew}>New {names.noun} field</Button>}
        />
      ) : (
        <Paper withBorder radius="md" px="md" py="xs">
          <SortableList
            noun={`${names.noun} fields`}
            items={active}
            disabled={!canManage}
            getKey={(f) => f.id}
            getLabel={(f) => f.label}
            onReorder={(next) =>
              reorder.mutate(
                { entity, ids: [...next.map((f) => f.id), ...archived.map((f) => f.id)] },
                {
                  onError: (error) =>
                    notifications.show({ color: 'red', title: 'Order not saved', message: errorMessage(error) }),
                },
              )
            }
            renderItem={row}
          />
        </Paper>
      )}
      {archived.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="h5">
            Archived ({archived.length})
          </Title>
          <Text size="sm" c="dimmed">
            Hidden from grids and forms; their values are kept until you delete the field.
          </Text>
          <Paper withBorder radius="md" px="md" py="xs">
            {archived.map((field) => (
              <div key={field.id}>{row(field)}</div>
            ))}
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}
