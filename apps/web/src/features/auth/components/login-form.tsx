import { loginBodySchema } from '@leadtrail/contracts';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useLogin } from '../api/login';
import { FormAlert } from './form-alert';

type LoginFormProps = {
  /** Called once the session cookie is set. */
  onSignedIn: () => Promise<void> | void;
};

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const login = useLogin();
  const [needsCode, setNeedsCode] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    initialValues: { email: '', password: '', totpCode: '' },
    validate: schemaResolver(loginBodySchema, { sync: true }),
  });

  // Once the code is asked for, the cursor goes to it.
  useEffect(() => {
    if (needsCode) codeRef.current?.focus();
  }, [needsCode]);

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    const code = values.totpCode.trim();
    if (needsCode && !code) {
      form.setFieldError('totpCode', 'Enter the 6-digit code from your authenticator app or a recovery code');
      return;
    }
    const body = loginBodySchema.parse({ ...values, totpCode: needsCode ? code : undefined });
    try {
      await login.mutateAsync(body);
      await onSignedIn();
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorMessage(error));
        return;
      }
      if (error.code === 'totp_required') {
        if (needsCode) {
          form.setFieldError('totpCode', 'Enter the code from your authenticator app');
        } else {
          setNeedsCode(true);
        }
        return;
      }
      if (needsCode && error.code.includes('totp')) {
        form.setFieldError('totpCode', 'That code is not valid. Check your app and try again.');
        return;
      }
      if (error.code === 'invalid_credentials') {
        setFormError('The email or password is incorrect.');
        return;
      }
      if (error.status === 429) {
        setFormError(error.detail ?? 'Too many sign-in attempts. Wait a few minutes and try again.');
        return;
      }
      const { unmatched } = applyProblemToForm(form, error);
      if (error.errors.length === 0 || unmatched.length > 0) setFormError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps('email')}
        />
        <Stack gap={6}>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/reset-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
        {needsCode && (
          <TextInput
            ref={codeRef}
            label="Authentication code"
            description="Two-step verification is on for this account. Enter the 6-digit code from your authenticator app, or one of your recovery codes."
            autoComplete="one-time-code"
            inputMode="text"
            maxLength={32}
            required
            {...form.getInputProps('totpCode')}
          />
        )}
        <Button type="submit" fullWidth loading={login.isPending || form.submitting}>
          {needsCode ? 'Verify and sign in' : 'Sign in'}
        </Button>
      </Stack>
    </form>
  );
}
