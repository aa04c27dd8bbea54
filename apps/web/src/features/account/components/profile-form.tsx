import { profileUpdateBodySchema, type Profile } from '@leadtrail/contracts';
import { Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useUpdateProfile } from '../api/account';
import { Section } from './section';
import { formErrorFrom } from './submit-errors';

const zones = (() => {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...list.filter((z) => z !== 'UTC')];
})();

const valuesOf = (p: Profile) => ({
  name: p.name,
  jobTitle: p.jobTitle ?? '',
  phone: p.phone ?? '',
  timeZone: p.timeZone,
});

export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: valuesOf(profile),
    validate: schemaResolver(profileUpdateBodySchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(profileUpdateBodySchema.parse(values));
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      notifications.show({ color: 'green', message: 'Profile saved' });
    } catch (error) {
      setFormError(formErrorFrom(form, error));
    }
  });

  return (
    <Section id="profile" title="Profile" description="How your teammates see you.">
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Job title" autoComplete="organization-title" {...form.getInputProps('jobTitle')} />
          <TextInput
            label="Phone"
            description="With the country code, or as dialled in your company's country"
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
          <Select
            label="Time zone"
            description="Empty: the browser's time zone"
            data={zones}
            searchable
            clearable
            nothingFoundMessage="No time zone with that name"
            {...form.getInputProps('timeZone')}
          />
        </SimpleGrid>
        {formError && (
          <Text c="red" size="sm" role="alert" mt="sm">
            {formError}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save profile
          </Button>
        </Group>
      </form>
    </Section>
  );
}
