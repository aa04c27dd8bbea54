import type { ErasureResult } from '@leadtrail/contracts';
import { Anchor, Code, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

const kinds: [keyof ErasureResult['removed'], string, string][] = [
  ['contacts', 'contact', 'contacts'],
  ['notes', 'note', 'notes'],
  ['activities', 'timeline entry', 'timeline entries'],
  ['listMemberships', 'list membership', 'list memberships'],
  ['reveals', 'reveal record', 'reveal records'],
  ['importRows', 'import staging row', 'import staging rows'],
  ['errorRows', 'error report line', 'error report lines'],
  ['importPreviews', 'file preview', 'file previews'],
  ['storedResponses', 'stored reveal answer', 'stored reveal answers'],
  ['suppressionEntries', 'suppression entry with the address', 'suppression entries with the address'],
  ['exportSearches', 'export search', 'export searches'],
  ['webhookEvents', 'webhook event', 'webhook events'],
  ['undoValues', 'bulk-edit undo value', 'bulk-edit undo values'],
];

/** "1 contact, 2 notes, …" of what was removed (nothing removed: says so). */
export function removedSentence(result: ErasureResult): string {
  const parts = kinds
    .filter(([k]) => result.removed[k] > 0)
    .map(([k, one, many]) => `${result.removed[k].toLocaleString()} ${result.removed[k] === 1 ? one : many}`);
  return parts.length ? parts.join(', ') : 'nothing held the address';
}

/** What an erasure removed, by kind, its hash, and the uploaded files that hold the address. */
export function ErasureSummary({ result }: { result: ErasureResult }) {
  return (
    <Stack gap="xs" data-testid="erasure-summary">
      <Text size="sm">Removed: {removedSentence(result)}.</Text>
      <Text size="sm">
        Added to the{' '}
        <Anchor component={Link} to="/lists/suppression-list" size="sm">
          suppression list
        </Anchor>{' '}
        as a hashed email (reason: erasure request): <Code>{result.hash}</Code>
      </Text>
      {result.files.length > 0 && (
        <>
          <Text size="sm">
            {result.files.some((f) => !f.deleted)
              ? 'Uploaded files that contain the address (not changed: files are never rewritten; you can delete them):'
              : 'Uploaded files that contained the address, now deleted:'}
          </Text>
          <List size="sm">
            {result.files.map((f) => (
              <List.Item key={f.importId}>
                <Anchor component={Link} to={`/my-contacts/uploaded-files/${f.importId}`} size="sm">
                  {f.fileName}
                </Anchor>
                {f.deleted ? ' (deleted)' : ''}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
