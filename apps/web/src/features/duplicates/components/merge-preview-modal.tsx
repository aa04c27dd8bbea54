import type { DuplicateContact, DuplicatePairRef, DuplicatesMergeResult } from '@leadtrail/contracts';
import { Alert, Button, Group, List, Modal, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import { PhoneText } from '../../../components/phone-text';
import { errorMessage } from '../../../lib/api-client';
import { countText } from '../../../lib/count-text';
import { previewMerge } from '../api/duplicates';

const PAIRS = { singular: 'pair', plural: 'pairs' };
const FIELDS: [keyof DuplicateContact, string][] = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['jobTitle', 'Job title'],
  ['companyName', 'Company'],
  ['workPhone', 'Work phone'],
  ['mobilePhone', 'Mobile phone'],
  ['otherPhone', 'Other phone'],
  ['linkedinUrl', 'LinkedIn'],
];
const PHONES = new Set<keyof DuplicateContact>(['workPhone', 'mobilePhone', 'otherPhone']);
const nameOf = (c: DuplicateContact) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email || 'Unnamed contact';

type MergePreviewModalProps = {
  /** The pairs to merge (keepId first); null: closed. */
  pairs: DuplicatePairRef[] | null;
  onClose: () => void;
  merge: UseMutationResult<DuplicatesMergeResult, Error, DuplicatePairRef[]>;
  onMerged: (result: DuplicatesMergeResult) => void;
};

/**
 * The merge's preview: the server runs the merge and rolls it back (dryRun), so what it shows is
 * what the keepers will hold — their own values first, blanks filled from the other — and which
 * pairs would be skipped, and why.
 */
export function MergePreviewModal({ pairs, onClose, merge, onMerged }: MergePreviewModalProps) {
  const preview = useQuery({
    queryKey: ['contacts', 'duplicates', 'preview', pairs],
    queryFn: () => previewMerge(pairs ?? []),
    enabled: !!pairs?.length,
    gcTime: 0,
    staleTime: 0,
  });
  const count = pairs?.length ?? 0;
  const result = preview.data;
  const close = () => {
    if (merge.isPending) return;
    merge.reset();
    onClose();
  };

  return (
    <Modal opened={!!pairs} onClose={close} title={`Merge ${countText(count, PAIRS)}?`} size="lg">
      <Stack gap="md">
        <Text size="sm">
          Each merged contact is deleted into the one kept: its notes, history and list memberships move over, and the kept contact&apos;s empty
          fields take its values. You can undo the merge afterwards.
        </Text>
        {preview.isPending && (
          <Stack gap="xs" aria-busy="true">
            <VisuallyHidden>Preparing the preview</VisuallyHidden>
            <Skeleton height={16} />
            <Skeleton height={16} width="70%" />
          </Stack>
        )}
        {preview.isError && (
          <Alert color="red" variant="light" role="alert">
            The preview could not be made: {errorMessage(preview.error)}
          </Alert>
        )}
        {result && (
          <Stack gap="sm" mah={360} style={{ overflowY: 'auto' }} role="region" aria-label="What the kept contacts will hold" tabIndex={0}>
            {result.items.map((item) => {
              const changed = FIELDS.filter(([f]) => item.before[f] !== item.after[f]);
              return (
                <div key={item.mergeId}>
                  <Text size="sm" fw={600}>
                    Keep {nameOf(item.after)}
                  </Text>
                  {changed.length ? (
                    <List size="sm" spacing={2}>
                      {changed.map(([f, label]) => (
                        <List.Item key={f}>
                          {label}: {PHONES.has(f) && item.after[f] ? <PhoneText value={String(item.after[f])} /> : String(item.after[f] ?? '—')}{' '}
                          <Text span size="xs" c="dimmed">
                            (from the merged contact)
                          </Text>
                        </List.Item>
                      ))}
                    </List>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Keeps all its values; the other adds its notes, history and lists.
                    </Text>
                  )}
                </div>
              );
            })}
            {result.skippedPairs.length > 0 && (
              <Alert color="yellow" variant="light" title={`${countText(result.skipped, PAIRS)} will be skipped`}>
                <List size="sm">
                  {result.skippedPairs.map((s) => (
                    <List.Item key={`${s.keepId}+${s.mergeId}`}>{s.reason}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </Stack>
        )}
        {merge.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(merge.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={merge.isPending}>
            Cancel
          </Button>
          <Button
            data-autofocus
            loading={merge.isPending}
            disabled={!result || result.merged === 0}
            onClick={() => merge.mutate(pairs ?? [], { onSuccess: (r) => onMerged(r) })}
          >
            {result ? `Merge ${countText(result.merged, PAIRS)}` : 'Merge'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
