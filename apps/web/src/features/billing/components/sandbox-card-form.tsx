import { cardErrorMessages, type CardErrorCode, type PaymentMethod } from '@leadtrail/contracts';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useAddPaymentMethod } from '../api/billing';
import { fieldOfCardError, formatCardNumber, formatExpiry, parseExpiry } from '../utils/card-input';
import { SandboxNotice } from './sandbox-notice';

type Values = { number: string; expiry: string; cvc: string; name: string };
type Props = { onAdded: (card: PaymentMethod) => void; onCancel?: () => void; submitLabel?: string };

/** A card's refusal in plain words: the provider's message, or ours for its code. */
const refusalText = (code: string, fallback: string): string => cardErrorMessages[code as CardErrorCode] ?? fallback;

/**
 * The sandbox's card form (number, expiry, CVC, name). A refusal (declined, insufficient funds,
 * expired…) is said under the field it concerns or above the buttons; what was typed stays.
 */
export function SandboxCardForm({ onAdded, onCancel, submitLabel = 'Add card' }: Props) {
  const add = useAddPaymentMethod();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { number: '', expiry: '', cvc: '', name: '' },
    validate: {
      number: (v) => (/^\d{12,19}$/.test(v.replace(/\s/g, '')) ? null : 'Enter the card number'),
      expiry: (v) => (parseExpiry(v) ? null : 'Enter the expiry as MM / YY'),
      cvc: (v) => (/^\d{3,4}$/.test(v.trim()) ? null : 'Enter the 3 or 4 digit security code'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    const expiry = parseExpiry(values.expiry)!;
    try {
      const card = await add.mutateAsync({
        number: values.number.replace(/\s/g, ''),
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: values.cvc.trim(),
        name: values.name.trim() || null,
      });
      form.reset();
      onAdded(card);
    } catch (error) {
      if (isApiError(error) && error.status === 402) {
        const text = refusalText(error.code, errorMessage(error));
        const field = fieldOfCardError(error.code);
        if (field) form.setFieldError(field, text);
        else setRefusal(text);
        return;
      }
      const { unmatched } = applyProblemToForm(form, error);
      if (!isApiError(error) || error.errors.length === 0 || unmatched.length > 0) setRefusal(unmatched[0] ?? errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Card details">
      <Stack gap="md">
        <SandboxNotice />
        <TextInput
          label="Card number"
          placeholder="4242 4242 4242 4242"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          data-autofocus
          {...form.getInputProps('number')}
          onChange={(e) => form.setFieldValue('number', formatCardNumber(e.currentTarget.value))}
        />
        <SimpleGrid cols={2} spacing="md">
          <TextInput
            label="Expiry"
            placeholder="MM / YY"
            inputMode="numeric"
            autoComplete="cc-exp"
            required
            {...form.getInputProps('expiry')}
            onChange={(e) => form.setFieldValue('expiry', formatExpiry(e.currentTarget.value))}
          />
          <TextInput label="CVC" placeholder="123" inputMode="numeric" autoComplete="cc-csc" maxLength={4} required {...form.getInputProps('cvc')} />
        </SimpleGrid>
        <TextInput label="Name on card" autoComplete="cc-name" maxLength={120} {...form.getInputProps('name')} />
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert" title="The card was not added">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={add.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
