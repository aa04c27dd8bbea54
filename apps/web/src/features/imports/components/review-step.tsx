import { Alert, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { duplicateModeLabels, type ImportDetail } from '@leadtrail/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useImportAction } from '../api/imports';
import { numberFormat, targetLabel } from './import-status';
import type { Option } from './options-step';
import { ScrollTable } from '../../../components/scroll-table';

type Props = {
  imp: ImportDetail;
  lists: Option[];
  owners: Option[];
  onBack: () => void;
  onStarted: (imp: ImportDetail) => void;
};

/**
 * Step 4: what will happen, then start. (mutateAsync: the step unmounts as soon as the import
 * leaves the mapping status, and the caller still has to move on.)
 */
export function ReviewStep({ imp, lists, owners, onBack, onStarted }: Props) {
  const start = useImportAction(imp.id, 'start');
  const mapped = imp.mapping.filter((m) => m.target !== 'ignore');
  const ignored = imp.mapping.length - mapped.length;
  const newFields = mapped.filter((m) => m.target.startsWith('new-custom:'));
  const headerOf = (index: number) => imp.columns.find((c) => c.index === index)?.header ?? `Column ${index + 1}`;
  const o = imp.options;
  const list = o.listId ? `Add to “${lists.find((l) => l.value === o.listId)?.label ?? 'the chosen list'}”` : o.newListName ? `Add to a new list “${o.newListName}”` : 'Not added to a list';

  return (
    <Stack gap="md">
      <List spacing={6} size="sm">
        <List.Item>
          {imp.progress.rowsTotalExact ? '' : 'About '}
          {numberFormat.format(imp.progress.rowsTotal)} rows of {imp.fileName} are imported as <b>{imp.entity}</b>.
        </List.Item>
        <List.Item>
          {mapped.length} column{mapped.length === 1 ? '' : 's'} imported{ignored ? `, ${ignored} left out` : ''}
          {newFields.length ? `; ${newFields.length} new custom field${newFields.length === 1 ? '' : 's'} created` : ''}.
        </List.Item>
        <List.Item>{duplicateModeLabels[o.duplicates]}.</List.Item>
        <List.Item>{list}.</List.Item>
        <List.Item>New records are owned by {o.ownerId ? (owners.find((w) => w.value === o.ownerId)?.label ?? 'the chosen member') : 'you'}.</List.Item>
        {o.unknownOwners === 'unassigned' && <List.Item>Rows whose owner is not a member are left without an owner.</List.Item>}
        {imp.entity === 'contacts' && <List.Item>{o.createCompanies ? 'Companies are created and linked.' : 'Contacts link to existing companies only.'}</List.Item>}
        <List.Item>Suppressed emails and domains are skipped and counted.</List.Item>
      </List>
      <ScrollTable minWidth={400} label="The mapping to review">
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>Goes into</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mapped.map((m) => (
              <Table.Tr key={m.index}>
                <Table.Td>{headerOf(m.index)}</Table.Td>
                <Table.Td>{targetLabel(m.target)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Text size="xs" c="dimmed">
        The import runs in the background: you can leave this page and follow it in Uploaded files.
      </Text>
      {start.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(start.error)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={() => start.mutateAsync().then(onStarted, () => {})} loading={start.isPending}>
          Start import
        </Button>
      </Group>
    </Stack>
  );
}
