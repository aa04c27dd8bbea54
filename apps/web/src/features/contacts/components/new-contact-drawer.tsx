import { createContactBodySchema, type CustomField } from '@leadtrail/contracts';
import { Alert, Button, Divider, Drawer, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { GridOption } from '../../../components/data-grid';
import { CustomFieldInput, type CustomFieldInputValue } from '../../../components/records/custom-field-input';
import { DuplicateNotice } from '../../../components/records/duplicate-notice';
import { duplicateOf, type DuplicateInfo } from '../../../components/records/problem-errors';
import type { Viewer } from '../../../components/records/viewer';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useCreateContact } from '../api/contacts';
import { contactHref, contactName, emailStatusOptions, seniorityOptions } from '../utils/contact-columns';
import { CompanyPicker, type PickedCompany } from './company-picker';

type NewContactDrawerProps = {
  opened: boolean;
  onClose: () => void;
  customFields: CustomField[];
  owners: GridOption[];
  viewer: Viewer;
};

export function NewContactDrawer(props: NewContactDrawerProps) {
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} fz="h3">
          New contact
        </Title>
      }
    >
      {props.opened && <NewContactForm {...props} />}
    </Drawer>
  );
}

const textFields = [
  'firstName',
  'lastName',
  'email',
  'workPhone',
  'mobilePhone',
  'otherPhone',
  'jobTitle',
  'department',
  'linkedinUrl',
  'city',
  'region',
  'country',
] as const;
type TextField = (typeof textFields)[number];

type Values = Record<TextField, string> & {
  emailStatus: string;
  seniority: string | null;
  ownerId: string | null;
  customFields: Record<string, CustomFieldInputValue>;
};

/** Empty inputs are left out rather than sent as "". */
function toBody(values: Values, company: PickedCompany | null) {
  const body: Record<string, unknown> = {};
  for (const key of textFields) if (values[key].trim()) body[key] = values[key].trim();
  body.emailStatus = values.emailStatus;
  if (values.seniority) body.seniority = values.seniority;
  if (values.ownerId) body.ownerId = values.ownerId;
  if (company) body.companyId = company.id;
  const custom = Object.fromEntries(Object.entries(values.customFields).filter(([, v]) => v !== null && v !== ''));
  if (Object.keys(custom).length) body.customFields = custom;
  return body;
}

function NewContactForm({ onClose, customFields, owners, viewer }: NewContactDrawerProps) {
  const create = useCreateContact();
  const navigate = useNavigate();
  const active = customFields.filter((f) => !f.archived);
  const [company, setCompany] = useState<PickedCompany | null>(null);
  const [duplicate, setDuplicate] = useState<DuplicateInfo | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      ...(Object.fromEntries(textFields.map((k) => [k, ''])) as Record<TextField, string>),
      emailStatus: 'unknown',
      seniority: null,
      ownerId: viewer.memberId,
      customFields: Object.fromEntries(active.map((f) => [f.key, null])),
    },
    // The API's own zod schema, so messages match the server's; plus required custom fields.
    validate: (values) => {
      const errors: Record<string, string> = {};
      const parsed = createContactBodySchema.safeParse(toBody(values, company));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
      }
      for (const field of active) {
        const value = values.customFields[field.key];
        if (field.required && (value === null || value === '' || (Array.isArray(value) && !value.length))) {
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
      const contact = await create.mutateAsync(createContactBodySchema.parse(toBody(values, company)));
      notifications.show({ color: 'green', message: `${contactName(contact)} added` });
      onClose();
      void navigate(contactHref(contact));
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

  const input = (key: TextField, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} {...extra} {...form.getInputProps(key)} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {duplicate && (
          <DuplicateNotice
            message="A contact with this email already exists."
            href={contactHref({ id: duplicate.existingId })}
            onOpen={onClose}
          />
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input('firstName', 'First name', { 'data-autofocus': true, autoComplete: 'off' })}
          {input('lastName', 'Last name', { autoComplete: 'off' })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input('email', 'Email', { type: 'email', autoComplete: 'off' })}
          <Select
            label="Email status"
            data={emailStatusOptions}
            allowDeselect={false}
            {...form.getInputProps('emailStatus')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input('jobTitle', 'Job title')}
          <Select label="Seniority" data={seniorityOptions} clearable {...form.getInputProps('seniority')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input('department', 'Department')}
          <CompanyPicker
            label="Company"
            description="Leave empty to link by the email's domain"
            value={company}
            onChange={setCompany}
            error={form.errors.companyId}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {input('workPhone', 'Work phone', { type: 'tel' })}
          {input('mobilePhone', 'Mobile phone', { type: 'tel' })}
          {input('otherPhone', 'Other phone', { type: 'tel' })}
        </SimpleGrid>
        {input('linkedinUrl', 'LinkedIn URL', { placeholder: 'linkedin.com/in/…' })}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {input('city', 'City')}
          {input('region', 'Region')}
          {input('country', 'Country')}
        </SimpleGrid>
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
                  onChange={(value) => form.setFieldValue(`customFields.${field.key}`, value)}
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
            Create contact
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
