import { webhookCreateSchema, type WebhookCreated, type WebhookEventType } from '@leadtrail/contracts';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useCreateWebhook } from '../api/webhooks';
import { eventGroups, eventLabel } from '../utils/event-labels';

type Props = { opened: boolean; onClose: () => void; onCreated: (created: WebhookCreated) => void };

/** URL and the events to receive; the created endpoint (with its one-time secret) goes to onCreated. */
export function WebhookCreateModal({ opened, onClose, onCreated }: Props) {
  const create = useCreateWebhook();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ url: string; events: WebhookEventType[] }>({
    initialValues: { url: '', events: [] },
    validate: schemaResolver(webhookCreateSchema, { sync: true }),
  });

  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync({ url: values.url.trim(), events: values.events });
      form.reset();
      onCreated(created);
    } catch (error) {
      const { unmatched } = applyProblemToForm(form, error);
      const placed = isApiError(error) ? error.errors.length - unmatched.length : 0;
      setFormError(placed > 0 ? null : (unmatched[0] ?? errorMessage(error)));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Add a webhook endpoint" size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Endpoint URL"
            description="Leadtrail POSTs each event here as JSON, signed with the endpoint's secret. Public addresses only."
            placeholder="https://example.com/leadtrail/webhooks"
            required
            data-autofocus
            {...form.getInputProps('url')}
          />
          <Checkbox.Group label="Events to send" required {...form.getInputProps('events')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" spacing="md">
              {eventGroups.map((group) => (
                <Stack key={group.label} gap={6}>
                  <Text size="sm" fw={600}>
                    {group.label}
                  </Text>
                  {group.events.map((type) => (
                    <Checkbox key={type} value={type} label={eventLabel(type)} description={type} />
                  ))}
                </Stack>
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {formError && (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
