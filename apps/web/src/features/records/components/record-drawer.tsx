import type { CustomField } from '@leadtrail/contracts';
import { Alert, Button, Divider, Drawer, Group, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { GridOption } from '../../../components/data-grid';
import { CustomFieldInput } from './custom-field-input';
import { DuplicateNotice } from './duplicate-notice';
import { duplicateOf, type DuplicateInfo } from '../../../lib/problem-errors';
import type { Viewer } from '../../../lib/viewer';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useCreateRecord } from '../api/record-api';
import type { FormBase, RecordRow, RecordSpec } from '../record-spec';
import { recordHref } from '../utils/record-paths';

type RecordDrawerProps<Row extends RecordRow, Values extends FormBase> = {
  spec: RecordSpec<Row, Values>;
  opened: boolean;
  onClose: () => void;
  customFields: CustomField[];
  owners: GridOption[];
  viewer: Viewer;
};

/** "New contact" / "New company": the entity's inputs, its owner and custom fields; opens the new record. */
export function RecordDrawer<Row extends RecordRow, Values extends FormBase>(props: RecordDrawerProps<Row, Values>) {
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} fz="h3">
          New {props.spec.noun.singular}
        </Title>
      }
    >
      {props.opened && <RecordForm {...props} />}
    </Drawer>
  );
}

const isBlank = (value: unknown) => value === null || value === '' || (Array.isArray(value) && !value.length);

function RecordForm<Row extends RecordRow, Values extends FormBase>({
  spec,
  onClose,
  customFields,
  owners,
  viewer,
}: RecordDrawerProps<Row, Values>) {
  const { form: formSpec } = spec;
  const create = useCreateRecord(spec.api);
  const navigate = useNavigate();
  const active = customFields.filter((f) => !f.archived);
  const [duplicate, setDuplicate] = useState<DuplicateInfo | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Empty inputs are left out rather than sent as ""; custom fields too.
  const toBody = (values: Values) => {
    const body = formSpec.toBody(values);
    if (values.ownerId) body.ownerId = values.ownerId;
    const custom = Object.fromEntries(Object.entries(values.customFields).filter(([, v]) => v !== null && v !== ''));
    if (Object.keys(custom).length) body.customFields = custom;
    return body;
  };
  const form = useForm<Values>({
    initialValues: {
      ...formSpec.initialValues(viewer),
      customFields: Object.fromEntries(active.map((f) => [f.key, null])),
    } as Values,
    // The API's own zod schema, so messages match the server's; plus required custom fields.
    validate: (values) => {
      const errors: Record<string, string> = {};
      const parsed = formSpec.schema.safeParse(toBody(values));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
      }
      for (const field of active) {
        if (field.required && isBlank(values.customFields[field.key])) {
          errors[`customFields.${field.key}`] = `Enter ${field.label}`;
        }
      }
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    setDuplicate(null);
    setFormError(null);
    try {
      const row = await create.mutateAsync(formSpec.schema.parse(toBody(values)));
      notifications.show({ color: 'green', message: `${spec.name(row)} added` });
      onClose();
      void navigate(recordHref(spec.entity, row.id));
    } catch (error) {
      const dup = duplicateOf(error);
      if (dup) {
        setDuplicate(dup);
        return;
      }
      const { unmatched } = applyProblemToForm(form, error);
      if (!isApiError(error) || error.errors.length === unmatched.length) {
        setFormError(unmatched[0] ?? errorMessage(error));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {duplicate && (
          <DuplicateNotice
            message={spec.duplicateMessage}
            href={recordHref(spec.entity, duplicate.existingId)}
            onOpen={onClose}
          />
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <formSpec.Fields form={form} />
        <Select label="Owner" data={owners} clearable searchable {...form.getInputProps('ownerId')} />
        {active.length > 0 && (
          <>
            <Divider label="Custom fields" labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {active.map((field) => (
                <CustomFieldInput
                  key={field.id}
                  field={field}
                  value={form.values.customFields[field.key]}
                  onChange={(value) => form.setFieldValue(`customFields.${field.key}`, value as never)}
                  error={form.errors[`customFields.${field.key}`]}
                />
              ))}
            </SimpleGrid>
          </>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create {spec.noun.singular}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
