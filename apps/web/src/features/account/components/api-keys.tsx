import { apiKeyCreateBodySchema, type ApiKey, type ApiKeyCreated } from '@leadtrail/contracts';
import { Alert, Button, Code, CopyButton, Group, Modal, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/account';
import { Section } from './section';
import { formErrorFrom } from './submit-errors';

function NewKeyModal({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={!!created}
      onClose={onClose}
      title={`API key “${created?.name ?? ''}” created`}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          Copy the key now: it is shown only once. It acts as you, with your role, in this workspace.
        </Alert>
        <Code block data-testid="new-api-key">
          {created?.key}
        </Code>
        <Text size="xs" c="dimmed">
          Send it as <Code>Authorization: Bearer {created?.prefix}…</Code> to the API (see /api/docs).
        </Text>
        <Group justify="flex-end">
          <CopyButton value={created?.key ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ApiKeys() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(apiKeyCreateBodySchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      setCreated(await create.mutateAsync(values.name.trim()));
      form.reset();
    } catch (error) {
      setFormError(formErrorFrom(form, error));
    }
  });

  const confirmRevoke = (key: ApiKey) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: `Revoke “${key.name}”?`,
      children: (
        <Text size="sm">1 API key ({key.prefix}…) stops working at once. Anything using it will get 401 answers.</Text>
      ),
      labels: { confirm: 'Revoke key', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(key.id, {
          onSuccess: () => notifications.show({ color: 'green', message: `API key “${key.name}” revoked` }),
          onError: (error) => notifications.show({ color: 'red', title: 'Not revoked', message: errorMessage(error) }),
        }),
    });

  return (
    <Section
      id="api-keys"
      title="API keys"
      description="Personal keys for the REST API. Each acts as you, with your role, in this workspace."
    >
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput label="Key name" placeholder="CRM sync" w={280} {...form.getInputProps('name')} />
          <Button type="submit" variant="default" loading={create.isPending}>
            Create API key
          </Button>
        </Group>
        {formError && (
          <Text c="red" size="sm" role="alert" mt="xs">
            {formError}
          </Text>
        )}
      </form>
      {keys.isPending ? (
        <Skeleton height={36} aria-label="Loading API keys" />
      ) : keys.isError ? (
        <Text c="red" size="sm" role="alert">
          API keys could not be loaded: {errorMessage(keys.error)}
        </Text>
      ) : keys.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No API keys yet. Create one to connect another tool to Leadtrail.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.data.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>
                    <Text size="sm">{key.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Code>{key.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>
                    {key.lastUsedAt ? (
                      <RelativeTime iso={key.lastUsedAt} />
                    ) : (
                      <Text size="xs" c="dimmed">
                        Never
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RelativeTime iso={key.createdAt} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => confirmRevoke(key)}
                      aria-label={`Revoke API key ${key.name}`}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NewKeyModal created={created} onClose={() => setCreated(null)} />
    </Section>
  );
}
