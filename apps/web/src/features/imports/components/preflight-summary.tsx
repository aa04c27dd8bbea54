import { Alert, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ImportMappingItem } from '@leadtrail/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useImportPreflight } from '../api/import-preflight';

const n = (v: number) => v.toLocaleString('en-US');
const rows = (v: number) => `${n(v)} ${v === 1 ? 'row' : 'rows'}`;

/** The check before the start: what the first rows would become with the mapping as it stands. */
export function PreflightSummary({ importId, mapping, enabled }: { importId: string; mapping: ImportMappingItem[]; enabled: boolean }) {
  // tried once the user stops changing the mapping for a moment (a string: stable between renders)
  const [settled] = useDebouncedValue(JSON.stringify(mapping), 400);
  const preflight = useImportPreflight(importId, JSON.parse(settled) as ImportMappingItem[], enabled);
  const p = preflight.data;
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Check of the first rows" aria-busy={preflight.isFetching}>
      <Stack gap={6}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {p ? `The first ${rows(p.rowsTried)} of the file, as mapped now` : 'Checking the first rows of the file…'}
          </Text>
          {preflight.isFetching && <Loader size="xs" />}
        </Group>
        {preflight.isError && !p && (
          <Text size="sm" c="red">
            {errorMessage(preflight.error)}
          </Text>
        )}
        {p && (
          <>
            <Text size="sm" data-testid="preflight-counts">
              {n(p.created)} new · {n(p.updated)} updated · {n(p.duplicates)} {p.duplicates === 1 ? 'duplicate' : 'duplicates'}
              {p.duplicatesInFile > 0 ? ` (${n(p.duplicatesInFile)} within the file)` : ''} · {n(p.suppressed)} suppressed ·{' '}
              {n(p.warnings)} with warnings ·{' '}
              {n(p.errors)} {p.errors === 1 ? 'error' : 'errors'}
            </Text>
            {p.ownersNotMembers > 0 && (
              <Text size="sm" data-testid="preflight-owners">
                {rows(p.ownersNotMembers)} {p.ownersNotMembers === 1 ? 'names' : 'name'} an owner who is not a member: choose what they get in the next step.
              </Text>
            )}
            {p.topReasons.length > 0 && (
              <List size="xs" spacing={2}>
                {p.topReasons.map((r) => (
                  <List.Item key={`${r.kind}|${r.column}|${r.reason}`}>
                    <Text span size="xs" c={r.kind === 'error' ? 'red' : 'dimmed'}>
                      {r.kind === 'error' ? 'Not imported' : 'Imported without the value'}: {r.column ? `“${r.column}”: ` : ''}
                      {r.reason} ({rows(r.rows)})
                    </Text>
                  </List.Item>
                ))}
              </List>
            )}
            {p.notices.map((notice) => (
              <Alert key={`${notice.code}|${notice.column}`} color="yellow" variant="light" p="xs">
                <Text size="sm">{notice.message}</Text>
              </Alert>
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}
