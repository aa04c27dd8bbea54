import { workspaceUpdateBodySchema, type Workspace } from '@leadtrail/contracts';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useUpdateWorkspace } from '../api/workspace';
import { regionOptions, timeZoneOptions } from './regions';

const valuesOf = (w: Workspace) => ({
  name: w.name,
  website: w.website ?? '',
  domain: w.domain ?? '',
  address: w.address ?? '',
  taxId: w.taxId ?? '',
  /** Shown as a percentage; the API keeps basis points (2000 = 20 %). */
  taxRate: w.taxRateBps / 100,
  timeZone: w.timeZone,
  defaultPhoneRegion: w.defaultPhoneRegion,
  restrictInvitesToDomain: w.restrictInvitesToDomain,
});

export function CompanySettingsForm({ workspace }: { workspace: Workspace }) {
  const update = useUpdateWorkspace();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: valuesOf(workspace),
    validate: schemaResolver(workspaceUpdateBodySchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const { taxRate, ...rest } = values;
      const body = { ...rest, taxRateBps: Math.round(Number(taxRate || 0) * 100) };
      const saved = await update.mutateAsync(workspaceUpdateBodySchema.parse(body));
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      notifications.show({ color: 'green', message: 'Company settings saved' });
    } catch (error) {
      const { unmatched } = applyProblemToForm(form, error);
      const placed = isApiError(error) ? error.errors.length - unmatched.length : 0;
      if (placed === 0) setFormError(unmatched[0] ?? errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              Company
            </Title>
            <TextInput
              label="Company name"
              description="Also the workspace's name"
              required
              autoComplete="organization"
              {...form.getInputProps('name')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Website"
                description="Your company's site"
                placeholder="https://acme.com"
                autoComplete="url"
                {...form.getInputProps('website')}
              />
              <TextInput
                label="Email domain"
                description="Your colleagues' email addresses end with it"
                placeholder="acme.com"
                {...form.getInputProps('domain')}
              />
            </SimpleGrid>
            <Checkbox
              label={
                form.values.domain
                  ? `Only allow invitations to addresses at ${form.values.domain}`
                  : 'Only allow invitations to addresses at the email domain'
              }
              description="Admins then can't invite people from outside the company"
              {...form.getInputProps('restrictInvitesToDomain', { type: 'checkbox' })}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              Invoicing
            </Title>
            <Text size="sm" c="dimmed">
              Printed on your invoices.
            </Text>
            <Textarea
              label="Address"
              autosize
              minRows={3}
              maxRows={6}
              autoComplete="street-address"
              {...form.getInputProps('address')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Tax ID" description="VAT number, EIN or similar" {...form.getInputProps('taxId')} />
              <NumberInput
                label="Tax rate"
                description="Added to every invoice; 0 when you charge no tax"
                suffix=" %"
                min={0}
                max={100}
                decimalScale={2}
                clampBehavior="strict"
                {...form.getInputProps('taxRate')}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              Regional settings
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Time zone"
                description="For dates in emails and reports"
                data={timeZoneOptions}
                searchable
                allowDeselect={false}
                nothingFoundMessage="No time zone with that name"
                {...form.getInputProps('timeZone')}
              />
              <Select
                label="Default phone region"
                description="Numbers without a country code are read as this country's"
                data={regionOptions}
                searchable
                allowDeselect={false}
                nothingFoundMessage="No country with that name"
                {...form.getInputProps('defaultPhoneRegion')}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        {formError && (
          <Text c="red" size="sm" role="alert">
            {formError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            Discard changes
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save company settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
