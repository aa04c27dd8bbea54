import { passwordChangeBodySchema } from '@leadtrail/contracts';
import { Button, Group, PasswordInput, SimpleGrid, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useChangePassword } from '../api/account';
import { Section } from './section';
import { formErrorFrom } from './submit-errors';

export function PasswordForm() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      const parsed = passwordChangeBodySchema.safeParse(values);
      if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
      if (values.confirm !== values.newPassword) errors.confirm = 'The two new passwords are different';
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const { message } = await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      form.reset();
      notifications.show({ color: 'green', message });
    } catch (error) {
      setFormError(formErrorFrom(form, error));
    }
  });

  return (
    <Section
      id="password"
      title="Password"
      description="At least 10 characters and not a common password. Your other sessions are signed out when it changes."
    >
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Repeat new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm')}
          />
        </SimpleGrid>
        {formError && (
          <Text c="red" size="sm" role="alert" mt="sm">
            {formError}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button type="submit" variant="default" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </form>
    </Section>
  );
}
