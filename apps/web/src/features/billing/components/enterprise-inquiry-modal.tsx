import { Button, Group, Modal, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useEnterpriseInquiry } from '../api/billing';

type Props = { opened: boolean; onClose: () => void; defaults: { name: string; email: string; company: string } };

type Values = { name: string; email: string; company: string; seats: number | string; message: string };

/** Enterprise is priced on request: this form emails the sales address. */
export function EnterpriseInquiryModal({ opened, onClose, defaults }: Props) {
  const send = useEnterpriseInquiry();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { ...defaults, seats: '', message: '' },
    validate: {
      name: (v) => (v.trim() ? null : 'Enter your name'),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter a valid email address'),
      company: (v) => (v.trim() ? null : 'Enter the company name'),
    },
  });

  const close = () => {
    setFormError(null);
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await send.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        company: values.company.trim(),
        seats: typeof values.seats === 'number' ? values.seats : null,
        message: values.message.trim(),
      });
      notifications.show({ color: 'green', message: 'Sent to our sales team: they will email you within one business day' });
      close();
    } catch (error) {
      const { unmatched } = applyProblemToForm(form, error);
      if (!isApiError(error) || error.errors.length === 0 || unmatched.length > 0) setFormError(unmatched[0] ?? errorMessage(error));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Talk to sales about Enterprise" size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            More seats, more credits, invoiced billing. Tell us about your team and we will write back with a quote.
          </Text>
          <TextInput label="Your name" required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Work email" required type="email" autoComplete="email" {...form.getInputProps('email')} />
          <TextInput label="Company" required autoComplete="organization" {...form.getInputProps('company')} />
          <NumberInput label="Seats you need" min={1} max={100000} allowDecimal={false} {...form.getInputProps('seats')} />
          <Textarea label="Anything else" autosize minRows={3} maxLength={4000} {...form.getInputProps('message')} />
          {formError && (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send to sales
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
