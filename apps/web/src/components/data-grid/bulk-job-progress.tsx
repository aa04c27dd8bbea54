import type { RecordBulkJob } from '@leadtrail/contracts';
import { Progress, Stack, Text } from '@mantine/core';

/** A bulk change of every match runs as a job (decision 0029): how far it has gone. */
export function BulkJobProgress({ job, verb }: { job: RecordBulkJob | null; verb: string }) {
  if (!job) return null;
  const total = job.total ?? 0;
  const percent = total ? Math.round((100 * job.done) / total) : 0;
  const numbers = new Intl.NumberFormat();
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={`${verb}: ${percent}%`} animated={job.status !== 'completed'} />
      <Text size="xs" c="dimmed" aria-live="polite">
        {job.total === null ? `${verb}: starting…` : `${verb}: ${numbers.format(job.done)} of ${numbers.format(total)}`}
      </Text>
    </Stack>
  );
}
