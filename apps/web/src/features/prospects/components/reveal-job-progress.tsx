import type { RevealJob } from '@leadtrail/contracts';
import { Alert, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { refreshAfterReveal, useRevealJob } from '../api/prospects';

const n = new Intl.NumberFormat();

/** Seconds left at the pace so far, or null before there is a pace. */
export function secondsLeft(job: Pick<RevealJob, 'done' | 'total' | 'startedAt'>, now: number): number | null {
  if (!job.startedAt || job.done <= 0 || job.done >= job.total) return null;
  const elapsed = (now - Date.parse(job.startedAt)) / 1000;
  if (elapsed <= 0) return null;
  return Math.ceil(((job.total - job.done) * elapsed) / job.done);
}

/** A bulk reveal running in the background: progress with counts and time left, a toast when it ends. */
export function RevealJobProgress({ initial, onDismiss }: { initial: RevealJob; onDismiss: () => void }) {
  const job = useRevealJob(initial.id);
  const queryClient = useQueryClient();
  const current = job.data ?? initial;
  const told = useRef(false);

  useEffect(() => {
    if (told.current || (current.status !== 'completed' && current.status !== 'failed')) return;
    told.current = true;
    void refreshAfterReveal(queryClient);
    if (current.status === 'completed')
      notifications.show({
        color: 'green',
        title: 'Bulk reveal finished',
        message: `${n.format(current.revealed)} people revealed for ${n.format(current.charged)} credits; ${n.format(current.free)} free, ${n.format(current.skipped.suppressed + current.skipped.noData)} skipped.`,
      });
    else notifications.show({ color: 'red', title: 'Bulk reveal stopped', message: current.error ?? 'It failed; no credit was charged for the people not revealed.' });
  }, [current, queryClient]);

  const percent = current.total > 0 ? Math.round((current.done / current.total) * 100) : 0;
  const left = secondsLeft(current, Date.now());
  const ended = current.status === 'completed' || current.status === 'failed';
  return (
    <Alert color={current.status === 'failed' ? 'red' : ended ? 'green' : 'blue'} variant="light" data-testid="reveal-job">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {current.status === 'queued'
              ? `Bulk reveal of ${n.format(current.total)} people queued`
              : current.status === 'running'
                ? `Revealing ${n.format(current.done)} of ${n.format(current.total)} people`
                : current.status === 'completed'
                  ? `Revealed ${n.format(current.revealed)} of ${n.format(current.total)} people`
                  : 'Bulk reveal failed'}
          </Text>
          {ended && <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />}
        </Group>
        <Progress value={percent} aria-label="Bulk reveal progress" animated={!ended} />
        <Text size="xs" c="dimmed">
          {n.format(current.charged)} credits charged · {n.format(current.reserved)} held · {n.format(current.free)} free ·{' '}
          {n.format(current.skipped.suppressed + current.skipped.noData)} skipped
          {left !== null ? ` · about ${left < 60 ? `${left} s` : `${Math.ceil(left / 60)} min`} left` : ''}
        </Text>
        {job.isError && <Text size="xs" c="red.8">{errorMessage(job.error)} (retrying)</Text>}
        {current.status === 'failed' && current.error && <Text size="xs">{current.error}</Text>}
      </Stack>
    </Alert>
  );
}
