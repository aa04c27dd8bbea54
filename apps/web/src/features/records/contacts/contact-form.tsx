import { createContactBodySchema, type ContactChannelType } from '@leadtrail/contracts';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FormBase, RecordForm } from '../record-spec';
import { CompanyPicker, type PickedCompany } from './company-picker';
import { ChannelRows, type ChannelKind } from './contact-channels';
import { emailStatusOptions, seniorityOptions } from './contact-columns';

/** The contact's text fields: the drawer's inputs and the merge's plain comparisons. */
export const contactTextFields = [
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
type TextField = (typeof contactTextFields)[number];

export type ContactFormValues = FormBase &
  Record<TextField, string> & {
    emailStatus: string;
    seniority: string | null;
    company: PickedCompany | null;
    additionalEmails: { value: string; type: ContactChannelType }[];
    additionalPhones: { value: string; type: ContactChannelType }[];
  };

const channelKey = (kind: ChannelKind) => (kind === 'email' ? 'additionalEmails' : 'additionalPhones');
/** The rows sent: those with a value (the API's errors name their index among them). */
const filled = (rows: { value: string; type: ContactChannelType }[]) =>
  rows.filter((r) => r.value.trim()).map((r) => ({ value: r.value.trim(), type: r.type }));

function ChannelInputs({ form, kind }: { form: UseFormReturnType<ContactFormValues>; kind: ChannelKind }) {
  const key = channelKey(kind);
  const rows = form.values[key];
  const sentIndex = (i: number) => rows.slice(0, i + 1).filter((r) => r.value.trim()).length - 1;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {kind === 'email' ? 'Additional emails' : 'Additional phones'}
      </Text>
      <ChannelRows
        kind={kind}
        rows={rows}
        onChange={(next) => form.setFieldValue(key, next)}
        errorOf={(i) => form.errors[`${key}.${sentIndex(i)}.value`] as string | undefined}
      />
      {form.errors[key] && (
        <Text size="xs" c="red">
          {form.errors[key]}
        </Text>
      )}
    </Stack>
  );
}

function ContactFields({ form }: { form: UseFormReturnType<ContactFormValues> }) {
  const input = (key: TextField, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} {...extra} {...form.getInputProps(key)} />
  );
  return (
    <>
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
          value={form.values.company}
          onChange={(company) => form.setFieldValue('company', company)}
          error={form.errors.companyId}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {input('workPhone', 'Work phone', { type: 'tel' })}
        {input('mobilePhone', 'Mobile phone', { type: 'tel' })}
        {input('otherPhone', 'Other phone', { type: 'tel' })}
      </SimpleGrid>
      <ChannelInputs form={form} kind="email" />
      <ChannelInputs form={form} kind="phone" />
      {input('linkedinUrl', 'LinkedIn URL', { placeholder: 'linkedin.com/in/…' })}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {input('city', 'City')}
        {input('region', 'Region')}
        {input('country', 'Country')}
      </SimpleGrid>
    </>
  );
}

export const contactForm: RecordForm<ContactFormValues> = {
  initialValues: (viewer) => ({
    ...(Object.fromEntries(contactTextFields.map((k) => [k, ''])) as Record<TextField, string>),
    emailStatus: 'unknown',
    seniority: null,
    company: null,
    additionalEmails: [],
    additionalPhones: [],
    ownerId: viewer.memberId,
  }),
  toBody: (values) => {
    const body: Record<string, unknown> = {};
    for (const key of contactTextFields) if (values[key].trim()) body[key] = values[key].trim();
    body.emailStatus = values.emailStatus;
    if (values.seniority) body.seniority = values.seniority;
    if (values.company) body.companyId = values.company.id;
    for (const kind of ['email', 'phone'] as const) {
      const rows = filled(values[channelKey(kind)]);
      if (rows.length) body[channelKey(kind)] = rows;
    }
    return body;
  },
  schema: createContactBodySchema,
  Fields: ContactFields,
};
