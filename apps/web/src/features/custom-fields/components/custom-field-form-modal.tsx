import {
  createCustomFieldBodySchema,
  customFieldTypeLabels,
  customFieldTypes,
  keyFromLabel,
  selectTypes,
  updateCustomFieldBodySchema,
  type CustomField,
  type CustomFieldType,
  type Entity,
} from '@leadtrail/contracts';
import { ActionIcon, Alert, Button, Checkbox, Code, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { SortableList } from '../../../components/data-grid';
import { fieldErrors } from '../../../lib/problem-errors';
import { errorMessage } from '../../../lib/api-client';
import { useCreateCustomField, useUpdateCustomField } from '../api/custom-fields';
import { optionsToSave, type OptionRow } from '../utils/option-rows';

type FormValues = { label: string; key: string; type: CustomFieldType; required: boolean; options: OptionRow[] };

type CustomFieldFormModalProps = {
  entity: Entity;
  /** The field to edit; a new field when absent. */
  field: CustomField | null;
  opened: boolean;
  onClose: () => void;
};

let uidCounter = 0;
const uid = () => `option-${++uidCounter}`;

const typeData = customFieldTypes.map((type) => ({ value: type, label: customFieldTypeLabels[type] }));
const entityNoun: Record<Entity, string> = { contacts: 'contact', companies: 'company' };

export function CustomFieldFormModal({ entity, field, opened, onClose }: CustomFieldFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={field ? `Edit “${field.label}”` : `New ${entityNoun[entity]} field`}
      size="lg"
    >
      {/* Remounted per field, so the form starts from that field's values. */}
      {opened && <CustomFieldForm key={field?.id ?? 'new'} entity={entity} field={field} onDone={onClose} />}
    </Modal>
  );
}

function CustomFieldForm({ entity, field, onDone }: { entity: Entity; field: CustomField | null; onDone: () => void }) {
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      label: field?.label ?? '',
      key: field?.key ?? '',
      type: field?.type ?? 'text',
      required: field?.required ?? false,
      options: field?.options.map((o) => ({ uid: uid(), id: o.id, label: o.label })) ?? [{ uid: uid(), label: '' }],
    },
  });
  const values = form.getValues();
  const isSelect = selectTypes.includes(form.values.type);
  const removedOptions = field ? field.options.filter((o) => !form.values.options.some((r) => r.id === o.id)) : [];

  const submit = form.onSubmit(async (v) => {
    setFormError(null);
    // blank new rows (the one a new field starts with) are not options: they never block saving
    const options = selectTypes.includes(v.type) ? optionsToSave(v.options) : undefined;
    if (options && options.length === 0) {
      setFormError('Add at least one option');
      return;
    }
    const body = field
      ? { label: v.label, required: v.required, ...(options ? { options } : {}) }
      : {
          entity,
          label: v.label,
          key: v.key.trim() || undefined,
          type: v.type,
          required: v.required,
          options,
        };
    const parsed = (field ? updateCustomFieldBodySchema : createCustomFieldBodySchema).safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setFieldError(issue.path.join('.'), issue.message);
      return;
    }
    try {
      if (field) await update.mutateAsync({ id: field.id, body: parsed.data });
      else await create.mutateAsync(createCustomFieldBodySchema.parse(body));
      notifications.show({ color: 'green', message: field ? `“${v.label}” saved` : `“${v.label}” added` });
      onDone();
    } catch (error) {
      const errors = fieldErrors(error);
      let matched = 0;
      for (const [path, message] of Object.entries(errors)) {
        if (path === 'label' || path === 'key' || path === 'type' || path.startsWith('options')) {
          form.setFieldError(path, message);
          matched += 1;
        }
      }
      if (matched === 0) setFormError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label="Label" required data-autofocus {...form.getInputProps('label')} />
        {field ? (
          <Text size="sm">
            Key <Code>{field.key}</Code> · Type {customFieldTypeLabels[field.type]}
            <Text span c="dimmed" size="sm">
              {' '}
              (neither changes once created)
            </Text>
          </Text>
        ) : (
          <>
            <Select label="Type" data={typeData} allowDeselect={false} {...form.getInputProps('type')} />
            <TextInput
              label="Key"
              description={`Used by the API, imports and exports. Leave empty for “${keyFromLabel(values.label || 'field')}”.`}
              placeholder={keyFromLabel(values.label || 'field')}
              {...form.getInputProps('key')}
            />
          </>
        )}
        {isSelect && (
          <Stack gap={6}>
            <Text size="sm" fw={500} id="options-label">
              Options
            </Text>
            <Text size="xs" c="dimmed">
              Renaming an option keeps it on every record that has it. Drag to change the order.
            </Text>
            <SortableList
              noun="options"
              items={form.values.options}
              getKey={(o) => o.uid}
              getLabel={(o) => o.label || 'New option'}
              onReorder={(next) => form.setFieldValue('options', next)}
              renderItem={(option, index) => (
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <TextInput
                    flex={1}
                    size="sm"
                    aria-label={`Option ${index + 1}`}
                    placeholder={`Option ${index + 1}`}
                    {...form.getInputProps(`options.${index}.label`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={4}
                    aria-label={`Remove option ${option.label || index + 1}`}
                    onClick={() => form.removeListItem('options', index)}
                    disabled={form.values.options.length <= 1}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              )}
            />
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden="true" />}
                onClick={() => form.insertListItem('options', { uid: uid(), label: '' })}
              >
                Add option
              </Button>
            </Group>
            {typeof form.errors.options === 'string' && (
              <Text size="xs" c="var(--mantine-color-error)">
                {form.errors.options}
              </Text>
            )}
            {removedOptions.length > 0 && (
              <Alert color="yellow" variant="light">
                Removing {removedOptions.map((o) => `“${o.label}”`).join(', ')} clears that value from every{' '}
                {entityNoun[entity]} that has it.
              </Alert>
            )}
          </Stack>
        )}
        <Checkbox
          label="Required"
          description={`Every new or edited ${entityNoun[entity]} must have a value.`}
          {...form.getInputProps('required', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {field ? 'Save field' : 'Create field'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
