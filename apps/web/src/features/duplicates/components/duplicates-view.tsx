import { DUPLICATE_MERGE_MAX_PAIRS, type DuplicateContact, type DuplicatePair, type DuplicatePairRef, type DuplicateReason } from '@leadtrail/contracts';
import { Anchor, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PhoneText } from '../../../components/phone-text';
import { RelativeTime } from '../../../components/relative-time';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { countText } from '../../../lib/count-text';
import { duplicatePagesQueryOptions, recentMergesQueryOptions, useDuplicateActions } from '../api/duplicates';
import { MergePreviewModal } from './merge-preview-modal';

const PAIRS = { singular: 'pair', plural: 'pairs' };
const CONTACTS = { singular: 'contact', plural: 'contacts' };
export const reasonLabels: Record<DuplicateReason, string> = {
  same_linkedin: 'Same LinkedIn profile',
  same_phone: 'Same phone',
  same_name_and_company: 'Same name and company',
};
export const contactName = (c: DuplicateContact) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email || 'Unnamed contact';
const pairKey = (p: DuplicatePair) => `${p.keep.id}+${p.merge.id}`;

/** One contact of a pair, its key fields (what decides whether they are the same person). */
export function ContactSummary({ contact, role }: { contact: DuplicateContact; role: 'keep' | 'merge' }) {
  const phones = [contact.workPhone, contact.mobilePhone, contact.otherPhone].filter((p): p is string => !!p);
  return (
    <Stack gap={2} miw={0}>
      <Group gap="xs" wrap="nowrap">
        <Badge size="sm" variant={role === 'keep' ? 'filled' : 'light'} color={role === 'keep' ? 'blue' : 'gray'}>
          {role === 'keep' ? 'Keep' : 'Merge into it'}
        </Badge>
        <Anchor component={Link} to={`/my-contacts/contacts/${contact.id}`} fw={600} truncate>
          {contactName(contact)}
        </Anchor>
      </Group>
      {contact.jobTitle || contact.companyName ? (
        <Text size="sm" truncate>
          {[contact.jobTitle, contact.companyName].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
      <Text size="sm" c={contact.email ? undefined : 'dimmed'} truncate>
        {contact.email ?? 'No email'}
      </Text>
      {phones.map((p) => (
        <Text key={p} size="sm">
          <PhoneText value={p} />
        </Text>
      ))}
      {contact.linkedinUrl && (
        <Text size="sm" c="dimmed" truncate>
          {contact.linkedinUrl.replace(/^https?:\/\/(www\.)?/, '')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {contact.filled} fields filled · added <RelativeTime iso={contact.createdAt} size="xs" />
      </Text>
    </Stack>
  );
}

function PairsSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true">
      <VisuallyHidden>Loading likely duplicates</VisuallyHidden>
      {[0, 1, 2].map((i) => (
        <Paper key={i} withBorder p="md" radius="md">
          <Skeleton height={14} width="30%" mb="sm" />
          <SimpleGrid cols={2}>
            <Skeleton height={60} />
            <Skeleton height={60} />
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * My Contacts → Contacts → Duplicates (issue 26): likely pairs side by side with why they look
 * alike, merged one by one or by selection after a preview, with Undo in the toast and in the
 * recent merges below.
 */
export function DuplicatesView({ canWrite }: { canWrite: boolean }) {
  const pages = useInfiniteQuery(duplicatePagesQueryOptions());
  const merges = useQuery(recentMergesQueryOptions());
  const actions = useDuplicateActions();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [swapped, setSwapped] = useState<Set<string>>(new Set());
  const [previewing, setPreviewing] = useState<DuplicatePairRef[] | null>(null);

  const pairs = useMemo(() => (pages.data?.pages ?? []).flatMap((p) => p.data), [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  // the keeper the user chose: the suggested one, or the other after "Keep the other"
  const oriented = (p: DuplicatePair) => (swapped.has(pairKey(p)) ? { ...p, keep: p.merge, merge: p.keep } : p);
  const refOf = (p: DuplicatePair): DuplicatePairRef => {
    const o = oriented(p);
    return { keepId: o.keep.id, mergeId: o.merge.id };
  };
  const toggle = (set: Set<string>, key: string) => {
    const next = new Set(set);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  };
  const chosen = pairs.filter((p) => selected.has(pairKey(p)));
  const allSelected = pairs.length > 0 && chosen.length === pairs.length;

  const undo = (id: string) =>
    actions.undo.mutate(id, {
      onSuccess: (r) => notifications.show({ color: 'green', message: `Merge undone: ${countText(r.restored, CONTACTS)} restored` }),
      onError: (caught) => notifications.show({ color: 'red', title: 'Could not undo', message: errorMessage(caught) }),
    });

  const merged = (result: { id: string | null; merged: number; skipped: number }) => {
    setPreviewing(null);
    setSelected(new Set());
    const toastId = `duplicates-merge-${result.id ?? Date.now()}`;
    notifications.show({
      id: toastId,
      color: result.merged ? 'green' : 'yellow',
      title: result.merged ? `${countText(result.merged, PAIRS)} merged` : 'Nothing merged',
      autoClose: 12_000,
      message: (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">{result.skipped ? `${countText(result.skipped, PAIRS)} skipped.` : 'Notes, history and lists moved to the kept contacts.'}</Text>
          {result.id && (
            <Button
              size="compact-xs"
              variant="light"
              style={{ flexShrink: 0 }}
              onClick={() => {
                notifications.hide(toastId);
                undo(result.id!);
              }}
            >
              Undo
            </Button>
          )}
        </Group>
      ),
    });
  };

  if (pages.isPending) return <PairsSkeleton />;
  if (pages.isError) return <RetryAlert title="The likely duplicates could not be loaded" error={pages.error} onRetry={() => void pages.refetch()} />;

  return (
    <Stack gap="lg">
      {pairs.length === 0 ? (
        <EmptyState
          icon={<IconCopy size={28} aria-hidden="true" />}
          title="No likely duplicates"
          text="Contacts with the same name at the same company, the same phone or the same LinkedIn profile show up here, to merge or to keep apart."
          action={
            <Button component={Link} to="/my-contacts/contacts" variant="default">
              Back to contacts
            </Button>
          }
        />
      ) : (
        <>
          <Group justify="space-between" wrap="wrap">
            <Group gap="md">
              <Checkbox
                label={allSelected ? 'Clear the selection' : `Select all ${countText(pairs.length, PAIRS)} shown`}
                checked={allSelected}
                indeterminate={chosen.length > 0 && !allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(pairs.map(pairKey)))}
              />
              <Text size="sm" c="dimmed">
                {countText(total, PAIRS)} in all
              </Text>
            </Group>
            {canWrite && (
              <Group gap="sm">
                {chosen.length > DUPLICATE_MERGE_MAX_PAIRS && (
                  <Text size="sm" c="dimmed">
                    A merge takes {DUPLICATE_MERGE_MAX_PAIRS} pairs at a time: the first {DUPLICATE_MERGE_MAX_PAIRS} go now
                  </Text>
                )}
                <Button disabled={chosen.length === 0} onClick={() => setPreviewing(chosen.slice(0, DUPLICATE_MERGE_MAX_PAIRS).map(refOf))}>
                  {chosen.length ? `Merge selected (${Math.min(chosen.length, DUPLICATE_MERGE_MAX_PAIRS)})` : 'Merge selected'}
                </Button>
              </Group>
            )}
          </Group>
          <Stack gap="sm">
            {pairs.map((p) => {
              const o = oriented(p);
              const key = pairKey(p);
              const names = `${contactName(o.keep)} and ${contactName(o.merge)}`;
              return (
                <Paper key={key} withBorder p="md" radius="md" component="section" aria-label={`Likely duplicates: ${names}`}>
                  <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
                    <Group gap="sm">
                      <Checkbox aria-label={`Select ${names}`} checked={selected.has(key)} onChange={() => setSelected((s) => toggle(s, key))} />
                      {p.reasons.map((r) => (
                        <Badge key={r} variant="light" color={r === 'same_linkedin' ? 'teal' : 'grape'}>
                          {reasonLabels[r]}
                        </Badge>
                      ))}
                    </Group>
                    {canWrite && (
                      <Group gap="xs">
                        <Button size="xs" variant="subtle" onClick={() => setSwapped((s) => toggle(s, key))}>
                          Keep the other
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          loading={actions.dismiss.isPending && actions.dismiss.variables?.[0] === p.keep.id}
                          onClick={() =>
                            actions.dismiss.mutate([p.keep.id, p.merge.id], {
                              onSuccess: () => notifications.show({ color: 'green', message: `${names} are kept apart` }),
                              onError: (caught) => notifications.show({ color: 'red', title: 'Could not save', message: errorMessage(caught) }),
                            })
                          }
                        >
                          Not duplicates
                        </Button>
                        <Button size="xs" onClick={() => setPreviewing([refOf(p)])} aria-label={`Merge ${names}`}>
                          Merge
                        </Button>
                      </Group>
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                    <ContactSummary contact={o.keep} role="keep" />
                    <ContactSummary contact={o.merge} role="merge" />
                  </SimpleGrid>
                </Paper>
              );
            })}
          </Stack>
          {pages.hasNextPage && (
            <Group justify="center">
              <Button variant="default" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                Show more pairs
              </Button>
            </Group>
          )}
        </>
      )}

      {(merges.data?.data.length ?? 0) > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="recent-merges">
          <Title order={2} fz="h4" id="recent-merges">
            Recent merges
          </Title>
          {merges.data!.data.map((m) => (
            <Group key={m.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {countText(m.merged, PAIRS)} merged
                {m.skipped ? `, ${m.skipped} skipped` : ''} · <RelativeTime iso={m.createdAt} size="sm" />
                {m.undoneAt && ' · undone'}
              </Text>
              {canWrite && !m.undoneAt && (
                <Button size="compact-sm" variant="default" loading={actions.undo.isPending && actions.undo.variables === m.id} onClick={() => undo(m.id)}>
                  Undo
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}

      <MergePreviewModal pairs={previewing} onClose={() => setPreviewing(null)} merge={actions.merge} onMerged={merged} />
    </Stack>
  );
}
