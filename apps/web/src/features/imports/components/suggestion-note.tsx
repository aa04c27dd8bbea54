import { Badge, Group, Text } from '@mantine/core';
import type { ImportColumn } from '@leadtrail/contracts';

/** Why the app suggested a column's field, and how sure it is: a guess is marked for review. */
export function SuggestionNote({ column, target }: { column: ImportColumn; target: string }) {
  if (target !== column.suggestedTarget) return null;
  const s = column.suggestion;
  if (target === 'ignore') {
    // only a reason worth reading: why a column that looks like data is left out
    if (!s || s.reason === 'no field matches its header or values') return null;
    return (
      <Text size="xs" c="dimmed" fs="italic">
        not imported: {s.reason}
      </Text>
    );
  }
  if (!s)
    return (
      <Text size="xs" c="dimmed" fs="italic">
        suggested
      </Text>
    );
  const percent = Math.round(s.confidence * 100);
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" c="dimmed" fs="italic" title={`Confidence ${percent}%`}>
        suggested: {s.reason} · {percent}%
      </Text>
      {s.review && (
        <Badge size="xs" color="yellow" variant="light">
          Check
        </Badge>
      )}
    </Group>
  );
}
