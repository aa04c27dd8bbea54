import type { CreditTransaction } from '@leadtrail/contracts';
import { Anchor, Drawer, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { useCreditTransaction } from '../api/credits';

const n = new Intl.NumberFormat();

/** The people one reveal's ledger row paid for (decision 0035: one row per reveal action), each linked to the contact it became. */
export function RevealPeopleDrawer({ row, onClose }: { row: CreditTransaction | null; onClose: () => void }) {
  const detail = useCreditTransaction(row?.id ?? null);
  const people = detail.data?.people ?? [];
  return (
    <Drawer opened={row !== null} onClose={onClose} position="right" size="md" title={row?.description ?? 'Revealed people'}>
      {detail.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <VisuallyHidden>Loading the people of this reveal</VisuallyHidden>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={24} />
          ))}
        </Stack>
      ) : detail.isError ? (
        <RetryAlert title="The people of this reveal could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {people.length === 0
              ? 'This row was written before reveals were recorded per action: it charged one person, not listed here.'
              : `${people.length === 1 ? '1 person' : `${n.format(people.length)} people`}, in the order charged. A person whose contact was since deleted or merged away shows without a link.`}
          </Text>
          <Table verticalSpacing={4} fz="sm" aria-label="People revealed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th ta="right">Credits</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.map((p) => (
                <Table.Tr key={p.prospectId} data-testid="revealed-person">
                  <Table.Td>
                    {p.contactId ? (
                      <Anchor component={Link} to={`/my-contacts/contacts/${p.contactId}`} size="sm">
                        {p.name ?? 'Unnamed contact'}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        No longer in your contacts
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Group justify="flex-end">{n.format(p.credits)}</Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Drawer>
  );
}
