import type { AuditEntry } from '@leadtrail/contracts';
import { Badge, Code, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { actionLabel, actorText, targetText } from '../utils/describe-entry';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={120} scope="row">
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** One event in full: who, from where (IP, user agent), what it concerned, and its details as JSON. */
export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <Drawer opened={entry !== null} onClose={onClose} position="right" size="md" title={entry ? actionLabel(entry.action) : ''}>
      {entry && (
        <Stack gap="md" data-testid="audit-entry-detail">
          <Group gap="xs">
            <Badge variant="light">{entry.action}</Badge>
            <Text size="sm" c="dimmed">
              {dayjs(entry.createdAt).format('D MMM YYYY, HH:mm:ss')}
            </Text>
          </Group>
          <Table withRowBorders={false} verticalSpacing={6}>
            <Table.Tbody>
              <Line label="Who">
                <Text size="sm">{actorText(entry)}</Text>
                <Text size="xs" c="dimmed">
                  {entry.actor.type === 'api_key' ? 'through the REST API' : entry.actor.type === 'system' ? 'automatic' : 'member'}
                </Text>
              </Line>
              <Line label="Target">
                <Text size="sm">{targetText(entry)}</Text>
                {entry.target?.id && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {entry.target.id}
                  </Text>
                )}
              </Line>
              <Line label="IP address">
                <Text size="sm" ff="monospace">
                  {entry.ip ?? '—'}
                </Text>
              </Line>
              <Line label="User agent">
                <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid="audit-user-agent">
                  {entry.userAgent ?? '—'}
                </Text>
              </Line>
            </Table.Tbody>
          </Table>
          <div>
            <Text size="sm" fw={600} mb={4}>
              Details
            </Text>
            <Code block aria-label="Details as JSON">
              {JSON.stringify(entry.details, null, 2)}
            </Code>
          </div>
        </Stack>
      )}
    </Drawer>
  );
}
