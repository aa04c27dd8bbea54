import { createCompanyBodySchema } from '@leadtrail/contracts';
import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FormBase, RecordForm } from '../record-spec';
import { employeeRangeOptions, revenueRangeOptions } from './company-columns';

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

export type CompanyFormValues = FormBase &
  Record<TextField, string> & {
    employeeRange: string | null;
    revenueRange: string | null;
    foundedYear: number | string;
  };

function CompanyFields({ form }: { form: UseFormReturnType<CompanyFormValues> }) {
  const input = (key: TextField, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} {...extra} {...form.getInputProps(key)} />
  );
  return (
    <>
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
    </>
  );
}

export const companyForm: RecordForm<CompanyFormValues> = {
  initialValues: (viewer) => ({
    ...(Object.fromEntries(textFields.map((k) => [k, ''])) as Record<TextField, string>),
    employeeRange: null,
    revenueRange: null,
    foundedYear: '',
    ownerId: viewer.memberId,
  }),
  toBody: (values) => {
    const body: Record<string, unknown> = {};
    for (const key of textFields) if (values[key].trim()) body[key] = values[key].trim();
    if (!body.name) body.name = '';
    if (values.employeeRange) body.employeeRange = values.employeeRange;
    if (values.revenueRange) body.revenueRange = values.revenueRange;
    if (typeof values.foundedYear === 'number') body.foundedYear = values.foundedYear;
    return body;
  },
  schema: createCompanyBodySchema,
  Fields: CompanyFields,
};
