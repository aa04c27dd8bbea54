import {
  emailStatusReasonLabels,
  findEmailResultSchema,
  verificationJobRefSchema,
  verificationJobSchema,
  type Contact,
  type VerificationJob,
} from '@leadtrail/contracts';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailSearch, IconShieldCheck, IconBan } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RecordSection } from '../components/record-section';
import { api, errorMessage } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/record-keys';
import { EmailStatusBadge } from './contact-columns';

/** How often a verification job's progress is asked for. */
const POLL_MS = 400;

/** Follows a verification job until it ends (issue 24), telling each state seen. */
export async function followVerification(jobId: string, onProgress?: (job: VerificationJob) => void): Promise<VerificationJob> {
  for (;;) {
    const job = await api.get(`/api/v1/verifications/${jobId}`, { schema: verificationJobSchema });
    onProgress?.(job);
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

const checkedText = (at: string | null) => (at ? `Checked ${new Date(at).toLocaleString()}` : 'Never checked');

/**
 * A contact's email status with why and when (PRODUCT.md 4a): Verify asks the verifier now;
 * an invalid address can go on the suppression list (bounced); a missing one can be found.
 */
export function ContactEmailSection({ row: contact, readOnly }: { row: Contact; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const [job, setJob] = useState<VerificationJob | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.all('contacts') }),
      queryClient.invalidateQueries({ queryKey: ['credits'] }),
      queryClient.invalidateQueries({ queryKey: ['verifications'] }),
    ]);

  const verify = useMutation({
    mutationFn: async () => {
      const { jobId } = await api.post('/api/v1/verifications', { contactIds: [contact.id] }, { schema: verificationJobRefSchema });
      return followVerification(jobId, setJob);
    },
    onSuccess: async (done) => {
      setJob(null);
      await refresh();
      if (done.status !== 'completed') notifications.show({ color: 'red', message: done.message ?? 'The verification did not finish' });
    },
    onError: (error) => {
      setJob(null);
      notifications.show({ color: 'red', message: errorMessage(error) });
    },
  });

  const suppress = useMutation({
    mutationFn: () => api.post('/api/v1/suppressions', { entries: [{ value: contact.email, kind: 'email', reason: 'bounced' }] }),
    onSuccess: async () => {
      await refresh();
      notifications.show({ message: `${contact.email} is on the suppression list (bounced)` });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });

  const find = useMutation({
    mutationFn: () => api.post(`/api/v1/contacts/${contact.id}/find-email`, undefined, { schema: findEmailResultSchema.or(verificationJobRefSchema) }),
    onSuccess: async (r) => {
      await refresh();
      if ('jobId' in r) notifications.show({ message: 'Still looking: the address will appear here when found' });
      else if (r.found) notifications.show({ message: `Found ${r.email} (${r.status}): ${r.charged} credit${r.charged === 1 ? '' : 's'}` });
      else notifications.show({ message: 'No deliverable address found: nothing was charged' });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });

  const reason = contact.emailStatusReason ? emailStatusReasonLabels[contact.emailStatusReason] : null;
  return (
    <RecordSection title="Email verification">
      {contact.email ? (
        <Stack gap="xs">
          <Group gap="sm" wrap="wrap">
            <EmailStatusBadge status={contact.emailStatus} />
            {reason && <Text size="sm">{reason}</Text>}
            <Text size="sm" c="dimmed">
              {checkedText(contact.emailCheckedAt)}
            </Text>
          </Group>
          {verify.isPending && (
            <Progress
              aria-label="Verification progress"
              value={job && job.progress.total ? (job.progress.done / job.progress.total) * 100 : 10}
              animated
            />
          )}
          {!readOnly && (
            <Group gap="sm">
              <Button size="xs" variant="light" leftSection={<IconShieldCheck size={16} aria-hidden="true" />} loading={verify.isPending} onClick={() => verify.mutate()}>
                Verify
              </Button>
              {contact.emailStatus === 'invalid' && !contact.suppressed && (
                <Button size="xs" variant="light" color="red" leftSection={<IconBan size={16} aria-hidden="true" />} loading={suppress.isPending} onClick={() => suppress.mutate()}>
                  Add to the suppression list
                </Button>
              )}
            </Group>
          )}
          {contact.emailStatus === 'invalid' && (
            <Alert color="red" variant="light" p="xs">
              This address will bounce: sending to it harms your sender reputation.
            </Alert>
          )}
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            No email. The finder guesses it from the name and the company's domain and verifies it: 1 credit, only when an address is found.
          </Text>
          {!readOnly && (
            <Group>
              <Button size="xs" variant="light" leftSection={<IconMailSearch size={16} aria-hidden="true" />} loading={find.isPending} onClick={() => find.mutate()}>
                Find email
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </RecordSection>
  );
}
