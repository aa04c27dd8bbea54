import { createListBodySchema, type Entity, type ListMembersBody } from '@leadtrail/contracts';
import { Alert, Anchor, Button, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { capitalise, countText, type Noun } from '../../../lib/count-text';
import { useAddListMembers, useCreateList, useListsOf } from '../api/lists';


export type AddToListFormProps = {
  entity: Entity;
  noun: Noun;
  body: ListMembersBody;
  count: number | null;
  /** A list not to offer (the list being viewed). */
  exceptListId?: string;
  onClose: () => void;
  onDone?: () => void;
  /**
   * Opens a list's page. Modals and toasts render outside the router, so the page that opens
   * "Add to list" passes its navigate (a plain link would reload the app).
   */
  openList?: (listId: string) => void;
};

/** Picks an existing list of the entity, or names a new one, and adds the records to it. */
export function AddToListForm({
  entity,
  noun,
  body,
  count,
  exceptListId,
  onClose,
  onDone,
  openList,
}: AddToListFormProps) {
  const lists = useListsOf(entity);
  const create = useCreateList();
  const add = useAddListMembers();
  const options = (lists.data?.data ?? [])
    .filter((l) => l.id !== exceptListId)
    .map((l) => ({ value: l.id, label: l.name }));
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [listId, setListId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const effectiveMode = !lists.isPending && options.length === 0 ? 'new' : mode;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError({});
    let target: { id: string; name: string } | null = null;
    try {
      if (effectiveMode === 'existing') {
        if (!listId) return setError({ field: 'Choose a list' });
        target = { id: listId, name: options.find((o) => o.value === listId)?.label ?? 'the list' };
      } else {
        const parsed = createListBodySchema.safeParse({ name, entity });
        if (!parsed.success) return setError({ field: parsed.error.issues[0]?.message ?? 'Enter a name' });
        const created = await create.mutateAsync(parsed.data);
        target = { id: created.id, name: created.name };
      }
      const result = await add.mutateAsync({ id: target.id, entity, body });
      onClose();
      onDone?.();
      notifications.show({
        closeButtonProps: { 'aria-label': 'Dismiss' },
        color: 'green',
        title: `${countText(result.added, noun)} added to “${target.name}”`,
        message: (
          <>
            {result.alreadyPresent > 0 && `${countText(result.alreadyPresent, noun)} already in the list. `}
            <Anchor
              href={`/lists/my-lists/${target.id}`}
              size="sm"
              onClick={(event) => {
                if (!openList) return;
                event.preventDefault();
                openList(target!.id);
              }}
            >
              Open the list
            </Anchor>
          </>
        ),
      });
    } catch (caught) {
      if (isApiError(caught) && caught.code === 'list_name_taken')
        setError({ field: 'A list with this name already exists. Choose it above or pick another name.' });
      else setError({ form: errorMessage(caught) });
    }
  };

  const pending = create.isPending || add.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Add {countText(count, noun)} to a list. {capitalise(noun.plural)} already
          in it are not added twice.
        </Text>
        {options.length > 0 && (
          <Radio.Group
            value={effectiveMode}
            onChange={(v) => setMode(v as 'existing' | 'new')}
            label="Which list"
            name="add-to-list-mode"
          >
            <Group mt={6}>
              <Radio value="existing" label="An existing list" />
              <Radio value="new" label="A new list" />
            </Group>
          </Radio.Group>
        )}
        {effectiveMode === 'existing' ? (
          <Select
            id="add-to-list-select"
            label="List"
            placeholder={lists.isPending ? 'Loading lists…' : 'Choose a list'}
            data={options}
            value={listId}
            onChange={setListId}
            searchable
            nothingFoundMessage="No list with this name"
            error={error.field}
            // in a portal: inside the dialog, its edge cut the dropdown off
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        ) : (
          <TextInput
            id="add-to-list-name"
            label="Name of the new list"
            placeholder="e.g. Q3 targets"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error.field}
            data-autofocus
          />
        )}
        {error.form && (
          <Alert color="red" variant="light" role="alert">
            {error.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {effectiveMode === 'new' ? 'Create list and add' : 'Add to list'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Opens "Add to list" for a body of records. */
export function openAddToList(props: Omit<AddToListFormProps, 'onClose'>) {
  const modalId = `add-to-list-${Date.now()}`;
  modals.open({
    modalId,
    title: 'Add to list',
    children: <AddToListForm {...props} onClose={() => modals.close(modalId)} />,
  });
}
