import { passwordResetBodySchema } from '@leadtrail/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useRequestPasswordReset } from '../api/password-reset';
import { FormAlert } from './form-alert';

export function ResetRequestForm() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(passwordResetBodySchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    const body = passwordResetBodySchema.parse(values);
    try {
      await request.mutateAsync(body);
      setSentTo(body.email);
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        setFormError(error.detail ?? 'Too many requests. Wait a few minutes and try again.');
        return;
      }
      if (isApiError(error) && error.status === 400 && error.errors.length > 0) {
        applyProblemToForm(form, error);
        return;
      }
      if (isApiError(error) && error.status >= 500) {
        setFormError('We could not send the link right now. Please try again in a moment.');
        return;
      }
      // Any other answer must look the same as success: never reveal whether an account exists.
      setSentTo(body.email);
    }
  });

  if (sentTo) {
    return (
      <Stack gap="md">
        <Alert
          color="blue"
          variant="light"
          icon={<IconMailCheck size={18} aria-hidden="true" />}
          title="Check your inbox"
          role="status"
        >
          If an account exists for <strong>{sentTo}</strong>, we sent a link to reset its password. The
          link works once and expires in 1 hour. Check your spam folder if it doesn't arrive in a few
          minutes.
        </Alert>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
          {' · '}
          <Anchor
            component="button"
            type="button"
            onClick={() => {
              setSentTo(null);
              form.reset();
            }}
          >
            Use another email
          </Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={request.isPending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
