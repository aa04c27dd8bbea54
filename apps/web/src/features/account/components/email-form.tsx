import { emailChangeBodySchema, type Profile } from '@leadtrail/contracts';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useRequestEmailChange } from '../api/account';
import { Section } from './section';
import { formErrorFrom } from './submit-errors';

export function EmailForm({ profile }: { profile: Profile }) {
  const request = useRequestEmailChange();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { newEmail: '', password: '' },
    validate: schemaResolver(emailChangeBodySchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const { message } = await request.mutateAsync(emailChangeBodySchema.parse(values));
      form.reset();
      notifications.show({ color: 'green', message });
    } catch (error) {
      setFormError(formErrorFrom(form, error));
    }
  });

  return (
    <Section
      id="email"
      title="Email"
      description={
        <>
          You sign in with <b>{profile.email}</b>. A new address is used once you follow the link we send to it.
        </>
      }
    >
      {profile.pendingEmail && (
        <Alert color="blue" variant="light" icon={<IconMailForward size={18} aria-hidden="true" />}>
          Waiting for confirmation of <b>{profile.pendingEmail}</b>: follow the link we sent there (it expires in 24
          hours).
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="New email" type="email" autoComplete="email" required {...form.getInputProps('newEmail')} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
        </SimpleGrid>
        {formError && (
          <Text c="red" size="sm" role="alert" mt="sm">
            {formError}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button type="submit" variant="default" loading={request.isPending}>
            Send confirmation link
          </Button>
        </Group>
      </form>
    </Section>
  );
}
