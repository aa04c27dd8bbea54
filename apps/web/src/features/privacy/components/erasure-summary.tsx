import type { ErasureResult } from '@leadtrail/contracts';
import { Anchor, Code, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { removedSentence } from '../utils/removed-sentence';

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
