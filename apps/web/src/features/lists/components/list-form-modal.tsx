import { createListBodySchema, updateListBodySchema, type Entity, type List } from '@leadtrail/contracts';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCreateList, useUpdateList } from '../api/lists';

type ListFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The list to rename or describe; a new list when absent. */
  list?: List | null;
  /** The type a new list starts with. */
  entity?: Entity;
  /** Open the new list's page once created (default). */
  openAfterCreate?: boolean;
};

/** "New list" and "Rename / describe": name (unique in the workspace), type (new lists only), description. */
export function ListFormModal({
  opened,
  onClose,
  list,
  entity = 'contacts',
  openAfterCreate = true,
}: ListFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={list ? `Edit “${list.name}”` : 'New list'}>
      {opened && (
        <ListForm
          key={list?.id ?? 'new'}
          list={list ?? null}
          entity={entity}
          onDone={onClose}
          openAfterCreate={openAfterCreate}
        />
      )}
    </Modal>
  );
}

function ListForm({
  list,
  entity,
  onDone,
  openAfterCreate,
}: {
  list: List | null;
  entity: Entity;
  onDone: () => void;
  openAfterCreate: boolean;
}) {
  const create = useCreateList();
  const update = useUpdateList();
  const navigate = useNavigate();
  const [name, setName] = useState(list?.name ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [type, setType] = useState<Entity>(list?.entity ?? entity);
  const [errors, setErrors] = useState<{ name?: string; description?: string; form?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, description: description.trim() ? description : null };
    const parsed = list
      ? updateListBodySchema.safeParse(body)
      : createListBodySchema.safeParse({ ...body, entity: type });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'name' || key === 'description') next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const onError = (caught: unknown) => {
      if (isApiError(caught) && caught.code === 'list_name_taken')
        setErrors({ name: 'A list with this name already exists. Choose another name.' });
      else if (isApiError(caught) && caught.errors.length) {
        const next: typeof errors = {};
        for (const e of caught.errors) {
          const key = e.path.replace(/^\/?(body\.)?/, '');
          if (key === 'name' || key === 'description') next[key] = e.message;
          else next.form = e.message;
        }
        setErrors(next);
      } else setErrors({ form: errorMessage(caught) });
    };
    if (list) {
      update.mutate(
        { id: list.id, body },
        {
          onSuccess: (saved) => {
            notifications.show({
              closeButtonProps: { 'aria-label': 'Dismiss' },
              color: 'green',
              message: `“${saved.name}” saved`,
            });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { ...body, entity: type },
        {
          onSuccess: (created) => {
            notifications.show({
              closeButtonProps: { 'aria-label': 'Dismiss' },
              color: 'green',
              message: `List “${created.name}” created`,
            });
            onDone();
            if (openAfterCreate) void navigate(`/lists/my-lists/${created.id}`);
          },
          onError,
        },
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          id="list-name"
          label="Name"
          placeholder="e.g. Q3 targets"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
          data-autofocus
        />
        {!list && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="list-type-label">
              A list of
            </Text>
            <SegmentedControl
              aria-labelledby="list-type-label"
              value={type}
              onChange={(v) => setType(v as Entity)}
              data={[
                { value: 'contacts', label: 'Contacts' },
                { value: 'companies', label: 'Companies' },
              ]}
            />
          </Stack>
        )}
        <Textarea
          id="list-description"
          label="Description (optional)"
          placeholder="What the list is for"
          autosize
          minRows={2}
          maxRows={6}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
        />
        {errors.form && (
          <Alert color="red" variant="light" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {list ? 'Save list' : 'Create list'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
