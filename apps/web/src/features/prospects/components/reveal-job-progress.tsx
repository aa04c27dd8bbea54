import type { RevealJob } from '@leadtrail/contracts';
import { Alert, Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ConfirmActions } from '../../../components/confirm-actions';
import { errorMessage } from '../../../lib/api-client';
import { creditsText } from '../../../lib/count-text';
import { jobEnded, refreshAfterReveal, useCancelRevealJob, useRevealJob } from '../api/prospects';

const n = new Intl.NumberFormat();

/** Seconds left at the pace so far, or null before there is a pace. */
export function secondsLeft(job: Pick<RevealJob, 'done' | 'total' | 'startedAt'>, now: number): number | null {
  if (!job.startedAt || job.done <= 0 || job.done >= job.total) return null;
  const elapsed = (now - Date.parse(job.startedAt)) / 1000;
  if (elapsed <= 0) return null;
  return Math.ceil(((job.total - job.done) * elapsed) / job.done);
}

/** The confirmation of a cancel: what stays (revealed, charged) and what goes (the rest, its hold). */
function ConfirmCancel({ modalId, job }: { modalId: string; job: RevealJob }) {
  const cancel = useCancelRevealJob(job.id);
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => modals.close(modalId),
    });
  return (
    <Stack gap="md">
      <Text size="sm">
        The people revealed so far stay revealed and charged ({n.format(job.charged)} credits). The other{' '}
        {n.format(job.total - job.done)} people are not revealed, and the {n.format(job.reserved)} credits held for them are released.
      </Text>
      <ConfirmActions modalId={modalId} error={cancel.isError ? errorMessage(cancel.error) : null} pending={cancel.isPending} label="Cancel the reveal" onConfirm={confirm} />
    </Stack>
  );
}

/** A bulk reveal running in the background: progress with counts and time left, a toast when it ends. */
export function RevealJobProgress({ initial, onDismiss }: { initial: RevealJob; onDismiss: () => void }) {
  const job = useRevealJob(initial.id);
  const queryClient = useQueryClient();
  const current = job.data ?? initial;
  const told = useRef(false);

  useEffect(() => {
    if (told.current || !jobEnded(current)) return;
    told.current = true;
    void refreshAfterReveal(queryClient);
    if (current.status === 'completed')
      notifications.show({
        color: 'green',
        title: 'Bulk reveal finished',
        message: `${n.format(current.revealed)} ${current.revealed === 1 ? 'person' : 'people'} revealed for ${creditsText(current.charged)}; ${n.format(current.free)} free, ${n.format(current.skipped.suppressed + current.skipped.noData + current.skipped.failed)} skipped${
          current.skipped.emails ? `, ${n.format(current.skipped.emails)} ${current.skipped.emails === 1 ? 'email' : 'emails'} left out (not charged)` : ''
        }.`,
      });
    else if (current.status === 'cancelled')
      notifications.show({ color: 'yellow', title: 'Bulk reveal cancelled', message: current.error ?? `${n.format(current.revealed)} people revealed before it stopped.` });
    else notifications.show({ color: 'red', title: 'Bulk reveal stopped', message: current.error ?? 'It failed; no credit was charged for the people not revealed.' });
  }, [current, queryClient]);

  const percent = current.total > 0 ? Math.round((current.done / current.total) * 100) : 0;
  const left = secondsLeft(current, Date.now());
  const ended = jobEnded(current);
  const askCancel = () => {
    const modalId = `cancel-reveal-${current.id}`;
    modals.open({ modalId, title: 'Cancel this bulk reveal?', children: <ConfirmCancel modalId={modalId} job={current} /> });
  };
  return (
    <Alert
      color={current.status === 'failed' ? 'red' : current.status === 'cancelled' ? 'yellow' : ended ? 'green' : 'blue'}
      variant="light"
      data-testid="reveal-job"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {current.status === 'queued'
              ? `Bulk reveal of ${n.format(current.total)} people queued`
              : current.status === 'running'
                ? `Revealing ${n.format(current.done)} of ${n.format(current.total)} people`
                : current.status === 'completed'
                  ? `Revealed ${n.format(current.revealed)} of ${n.format(current.total)} people`
                  : current.status === 'cancelled'
                    ? `Bulk reveal cancelled: ${n.format(current.revealed)} of ${n.format(current.total)} people revealed`
                    : 'Bulk reveal failed'}
          </Text>
          {ended ? (
            <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
          ) : (
            <Button size="compact-xs" variant="subtle" color="red" onClick={askCancel}>
              Cancel
            </Button>
          )}
        </Group>
        <Progress value={percent} aria-label="Bulk reveal progress" animated={!ended} />
        <Text size="xs" c="dimmed">
          {n.format(current.charged)} credits charged · {n.format(current.reserved)} held · {n.format(current.free)} free ·{' '}
          {n.format(current.skipped.suppressed + current.skipped.noData + current.skipped.failed)} skipped
          {left !== null ? ` · about ${left < 60 ? `${left} s` : `${Math.ceil(left / 60)} min`} left` : ''}
        </Text>
        {job.isError && <Text size="xs" c="red.8">{errorMessage(job.error)} (retrying)</Text>}
        {(current.status === 'failed' || current.status === 'cancelled') && current.error && <Text size="xs">{current.error}</Text>}
      </Stack>
    </Alert>
  );
}
