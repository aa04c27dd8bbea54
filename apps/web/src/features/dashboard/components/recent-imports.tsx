import { importStatusLabels, type Import } from '@leadtrail/contracts';
import { Anchor, Badge, Button, Progress, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { Link } from 'react-router';
import { ListCard } from '../../../components/list-card';
import { useRecentImports } from '../api/dashboard';

dayjs.extend(relativeTime);

const statusColor: Record<Import['status'], string> = {
  uploaded: 'gray',
  mapping: 'gray',
  queued: 'blue',
  processing: 'blue',
  completed: 'green',
  completed_with_errors: 'orange',
  failed: 'red',
  cancelled: 'gray',
};

const number = new Intl.NumberFormat();
const waiting = (imp: Import) => imp.status === 'uploaded' || imp.status === 'mapping';

/** The newest imports with their status, live while one runs. */
export function RecentImports() {
  const imports = useRecentImports();
  return (
    <ListCard
      title="Recent imports"
      link={{ to: '/my-contacts/uploaded-files', label: 'All uploaded files' }}
      query={imports}
      skeletonHeight={28}
      retry
      empty={{
        text: 'No files imported yet. Bring your contacts from a CSV or Excel export of your CRM.',
        action: (
          <Button
            component={Link}
            to="/my-contacts/upload-file"
            leftSection={<IconFileUpload size={16} aria-hidden="true" />}
          >
            Upload file
          </Button>
        ),
      }}
    >
      {(rows) => (
        // fits its card (half the page beside the reveals): the file name truncates, the rest keeps its width
        <Table verticalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th w={128}>Status</Table.Th>
              <Table.Th w={64} ta="right">
                Rows
              </Table.Th>
              <Table.Th w={72} ta="right">
                Created
              </Table.Th>
              <Table.Th w={104}>When</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((imp) => (
              <Table.Tr key={imp.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/my-contacts/uploaded-files/${imp.id}`} size="sm" truncate="end">
                    {imp.fileName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {imp.status === 'processing' ? (
                    <Stack gap={2} miw={120}>
                      <Badge color={statusColor[imp.status]} variant="light">
                        {importStatusLabels[imp.status]}
                      </Badge>
                      <Progress
                        value={Math.round(imp.progress.fraction * 100)}
                        size="sm"
                        aria-label={`${imp.fileName} progress`}
                      />
                    </Stack>
                  ) : waiting(imp) ? (
                    // an upload nobody mapped is not in progress: say so, not "Mapping" forever
                    <Tooltip label="Uploaded but never started: open it to map and start it, or discard it">
                      <Badge color="gray" variant="outline">
                        Not started
                      </Badge>
                    </Tooltip>
                  ) : (
                    <Badge color={statusColor[imp.status]} variant="light">
                      {importStatusLabels[imp.status]}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{number.format(imp.counts.rows || imp.progress.rowsTotal)}</Table.Td>
                <Table.Td ta="right">{number.format(imp.counts.created)}</Table.Td>
                <Table.Td>
                  <Tooltip label={dayjs(imp.createdAt).format('D MMM YYYY, HH:mm')}>
                    <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
                      {dayjs(imp.createdAt).fromNow()}
                    </Text>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ListCard>
  );
}
