import { Group, Paper, Skeleton, Stack } from '@mantine/core';

/** Placeholder shaped like a page: header, then a few content rows. */
export function PageSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading page">
      <Group justify="space-between">
        <Stack gap={8}>
          <Skeleton height={28} width={220} radius="sm" />
          <Skeleton height={14} width={360} radius="sm" />
        </Stack>
        <Skeleton height={36} width={130} radius="md" />
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={18} radius="sm" width={`${90 - row * 8}%`} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
