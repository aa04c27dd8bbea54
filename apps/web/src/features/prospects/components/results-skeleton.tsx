import { Group, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/**
 * The results table's placeholder while a search runs (people or companies): eight rows of a
 * checkbox, a two-line name and the given columns' widths, with what loads said to screen readers.
 */
export function ResultsSkeleton({ label, subline, columns }: { label: string; subline: string; columns: string[] }) {
  return (
    <Paper withBorder radius="md" p="sm" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="sm">
        {Array.from({ length: 8 }, (_, i) => (
          <Group key={i} gap="md" wrap="nowrap">
            <Skeleton height={16} width={16} />
            <Stack gap={4} flex={1}>
              <Skeleton height={12} width="40%" />
              <Skeleton height={10} width={subline} />
            </Stack>
            {columns.map((width, c) => (
              <Skeleton key={c} height={12} width={width} />
            ))}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
