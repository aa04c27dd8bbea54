import { verificationJobRefSchema, verificationJobSchema, type VerificationJob } from '@leadtrail/contracts';
import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { BulkAction, GridSelection } from '../../../components/data-grid';
import { recordKeys } from '../../../lib/record-keys';
import { api, errorMessage } from '../../../lib/api-client';
import { loadMoreStyles } from '../../../lib/more-styles';
import { followVerification } from './contact-email-section';

const bodyOf = <Row,>(selection: GridSelection<Row>) =>
  selection.kind === 'all' ? { filter: selection.filter, q: selection.q || undefined } : { contactIds: selection.ids };

const n = (v: number) => v.toLocaleString();

/** The job's dialog: a progress bar while it runs, Cancel, then what it found (issue 24). */
function VerifyEmailsProgress({ body, onDone }: { body: object; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [job, setJob] = useState<VerificationJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    let stop = false;
    void (async () => {
      try {
        const { jobId } = await api.post('/api/v1/verifications', body, { schema: verificationJobRefSchema });
        await followVerification(jobId, (j) => !stop && setJob(j));
      } catch (e) {
        if (!stop) setError(errorMessage(e));
      } finally {
        await queryClient.invalidateQueries({ queryKey: recordKeys.all('contacts') });
        await queryClient.invalidateQueries({ queryKey: ['verifications'] });
      }
    })();
    return () => {
      stop = true;
    };
  }, [body, queryClient]);

  const running = !error && (!job || job.status === 'queued' || job.status === 'running');
  const percent = job && job.progress.total ? Math.round((job.progress.done / job.progress.total) * 100) : 0;
  const cancel = async () => {
    if (!job) return;
    setCancelling(true);
    try {
      setJob(await api.post(`/api/v1/verifications/${job.id}/cancel`, undefined, { schema: verificationJobSchema }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Stack gap="sm">
      {error && <Alert color="red">{error}</Alert>}
      <Progress value={running ? Math.max(percent, 2) : 100} animated={running} aria-label="Verification progress" />
      <Text size="sm" aria-live="polite">
        {job ? `${n(job.progress.done)} of ${n(job.progress.total)} contacts checked` : 'Starting…'}
      </Text>
      {job && (
        <Text size="sm" c="dimmed">
          Valid {n(job.counts.valid)} · Risky {n(job.counts.risky)} · Invalid {n(job.counts.invalid)} · Unknown {n(job.counts.unknown)} · Skipped{' '}
          {n(job.counts.skipped)}
        </Text>
      )}
      {job?.message && (
        <Alert color={job.stopReason === 'cancelled' ? 'gray' : 'yellow'}>
          {job.message}{' '}
          {job.upgradeUrl && (
            <Anchor href={job.upgradeUrl} size="sm">
              See plans
            </Anchor>
          )}
        </Alert>
      )}
      <Group justify="flex-end">
        {running ? (
          <Button variant="default" color="red" loading={cancelling} disabled={!job} onClick={() => void cancel()}>
            Cancel
          </Button>
        ) : (
          <Button onClick={onDone}>Done</Button>
        )}
      </Group>
    </Stack>
  );
}

/** The contacts grid's "Verify emails" (a selection or all matching): a background job followed in a dialog. */
export function useVerifyEmailsActions<Row>(options: { entity: string; canWrite: boolean }): BulkAction<Row>[] {
  const { entity, canWrite } = options;
  return useMemo(
    () =>
      entity === 'contacts' && canWrite
        ? [
            {
              id: 'verify-emails',
              label: 'Verify emails',
              icon: <IconShieldCheck size={14} aria-hidden="true" />,
              onRun: async (selection: GridSelection<Row>, { done }: { done: () => void }) => {
                // the progress bar's styles are not in the first paint's
                await loadMoreStyles();
                const modalId = `verify-emails-${Date.now()}`;
                const body = bodyOf(selection);
                modals.open({
                  modalId,
                  title: 'Verifying emails',
                  closeOnClickOutside: false,
                  children: (
                    <VerifyEmailsProgress
                      body={body}
                      onDone={() => {
                        modals.close(modalId);
                        done();
                      }}
                    />
                  ),
                });
              },
            },
          ]
        : [],
    [entity, canWrite],
  );
}
