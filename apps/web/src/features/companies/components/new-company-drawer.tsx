import { createCompanyBodySchema, type CustomField } from '@leadtrail/contracts';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
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
import { useCreateCompany } from '../api/companies';
import { companyHref, employeeRangeOptions, revenueRangeOptions } from '../utils/company-columns';

type NewCompanyDrawerProps = {
  opened: boolean;
  onClose: () => void;
  customFields: CustomField[];
  owners: GridOption[];
  viewer: Viewer;
};

export function NewCompanyDrawer(props: NewCompanyDrawerProps) {
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} fz="h3">
          New company
        </Title>
      }
    >
      {props.opened && <NewCompanyForm {...props} />}
    </Drawer>
  );
}

const textFields = [
  'name',
  'domain',
  'website',
  'industry',
  'phone',
  'linkedinUrl',
  'city',
  'region',
  'country',
  'description',
] as const;
type TextField = (typeof textFields)[number];

type Values = Record<TextField, string> & {
  employeeRange: string | null;
  revenueRange: string | null;
  foundedYear: number | string;
  ownerId: string | null;
  customFields: Record<string, CustomFieldInputValue>;
};

/** Empty inputs are left out rather than sent as "". */
function toBody(values: Values) {
  const body: Record<string, unknown> = {};
  for (const key of textFields) if (values[key].trim()) body[key] = values[key].trim();
  if (!body.name) body.name = '';
  if (values.employeeRange) body.employeeRange = values.employeeRange;
  if (values.revenueRange) body.revenueRange = values.revenueRange;
  if (typeof values.foundedYear === 'number') body.foundedYear = values.foundedYear;
  if (values.ownerId) body.ownerId = values.ownerId;
  const custom = Object.fromEntries(Object.entries(values.customFields).filter(([, v]) => v !== null && v !== ''));
  if (Object.keys(custom).length) body.customFields = custom;
  return body;
}

function NewCompanyForm({ onClose, customFields, owners, viewer }: NewCompanyDrawerProps) {
  const create = useCreateCompany();
  const navigate = useNavigate();
  const active = customFields.filter((f) => !f.archived);
  const [duplicate, setDuplicate] = useState<DuplicateInfo | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      ...(Object.fromEntries(textFields.map((k) => [k, ''])) as Record<TextField, string>),
      employeeRange: null,
      revenueRange: null,
      foundedYear: '',
      ownerId: viewer.memberId,
      customFields: Object.fromEntries(active.map((f) => [f.key, null])),
    },
    // The API's own zod schema, so messages match the server's; plus required custom fields.
    validate: (values) => {
      const errors: Record<string, string> = {};
      const parsed = createCompanyBodySchema.safeParse(toBody(values));
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
      const company = await create.mutateAsync(createCompanyBodySchema.parse(toBody(values)));
      notifications.show({ color: 'green', message: `${company.name} added` });
      onClose();
      void navigate(companyHref(company));
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
            message="A company with this domain already exists."
            href={companyHref({ id: duplicate.existingId })}
            onOpen={onClose}
          />
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        {input('name', 'Name', { required: true, 'data-autofocus': true, autoComplete: 'off' })}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input('domain', 'Domain', { placeholder: 'example.com', description: 'Taken from the website when empty' })}
          {input('website', 'Website', { type: 'url', placeholder: 'https://' })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input('industry', 'Industry')}
          <NumberInput
            label="Founded"
            placeholder="e.g. 2012"
            allowDecimal={false}
            thousandSeparator={false}
            {...form.getInputProps('foundedYear')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Employees" data={employeeRangeOptions} clearable {...form.getInputProps('employeeRange')} />
          <Select label="Annual revenue" data={revenueRangeOptions} clearable {...form.getInputProps('revenueRange')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input('phone', 'Phone', { type: 'tel' })}
          {input('linkedinUrl', 'LinkedIn URL', { placeholder: 'linkedin.com/company/…' })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {input('city', 'City')}
          {input('region', 'Region')}
          {input('country', 'Country')}
        </SimpleGrid>
        <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
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
            Create company
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
