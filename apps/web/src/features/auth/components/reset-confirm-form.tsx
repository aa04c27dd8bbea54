import { passwordResetConfirmBodySchema } from '@leadtrail/contracts';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm, problemHasFieldErrors } from '../../../lib/form-errors';
import { useConfirmPasswordReset } from '../api/password-reset';
import { FormAlert } from './form-alert';
import { passwordRule } from './register-form';

const newPasswordSchema = z
  .object({
    password: passwordResetConfirmBodySchema.shape.password,
    confirmPassword: z.string().min(1, 'Repeat the new password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

type ResetConfirmFormProps = {
  token: string;
  onDone: () => void;
  /** The link is unknown, used or expired. */
  onInvalidToken: () => void;
};

export function ResetConfirmForm({ token, onDone, onInvalidToken }: ResetConfirmFormProps) {
  const confirm = useConfirmPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(newPasswordSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await confirm.mutateAsync(passwordResetConfirmBodySchema.parse({ token, password: values.password }));
      onDone();
    } catch (error) {
      if (problemHasFieldErrors(form, error)) {
        applyProblemToForm(form, error);
        return;
      }
      if (isApiError(error) && /password/i.test(error.code)) {
        // e.g. a common password refused by the server.
        form.setFieldError('password', error.detail ?? error.title);
        return;
      }
      if (isApiError(error) && error.status === 429) {
        setFormError(error.detail ?? 'Too many attempts. Wait a few minutes and try again.');
        return;
      }
      if (isApiError(error) && [400, 404, 410].includes(error.status)) {
        onInvalidToken();
        return;
      }
      setFormError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <PasswordInput
          label="New password"
          description={passwordRule}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={confirm.isPending}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
