import { registerBodySchema } from '@leadtrail/contracts';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useRegister } from '../api/register';
import { FormAlert } from './form-alert';

export const passwordRule =
  'At least 10 characters, not a common password, and not containing your name, email or company name.';

type RegisterFormProps = {
  /** Called once the server took the request: a link to finish was emailed to `email`. */
  onRegistered: (email: string) => Promise<void> | void;
};

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', email: '', password: '', companyName: '' },
    validate: schemaResolver(registerBodySchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const body = registerBodySchema.parse(values);
      await register.mutateAsync(body);
      await onRegistered(body.email.toLowerCase());
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        setFormError(error.detail ?? 'Too many attempts. Wait a few minutes and try again.');
        return;
      }
      if (isApiError(error) && error.errors.length === 0 && /password/i.test(error.code)) {
        form.setFieldError('password', error.detail ?? error.title);
        return;
      }
      const { unmatched } = applyProblemToForm(form, error);
      const fieldErrors = isApiError(error) ? error.errors.length - unmatched.length : 0;
      if (fieldErrors === 0) setFormError(unmatched[0] ?? errorMessage(error));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput label="Your name" autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput label="Work email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          description={passwordRule}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <TextInput
          label="Company name"
          description="Your team's workspace is named after it; you can change it later."
          autoComplete="organization"
          required
          {...form.getInputProps('companyName')}
        />
        <Button type="submit" fullWidth loading={register.isPending || form.submitting}>
          Create account
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          By creating an account you accept that we process your data as described in our{' '}
          <Anchor component={Link} to="/legal/privacy-policy" size="xs">
            privacy policy
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}
