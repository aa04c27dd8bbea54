import {
  creditCosts,
  REVEAL_MAX_PEOPLE,
  type RevealBody,
  type RevealFields,
  type RevealJob,
  type RevealResult,
} from '@leadtrail/contracts';
import { Alert, Anchor, Button, Checkbox, Group, Modal, SegmentedControl, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCoins } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { creditsText } from '../../../lib/count-text';
import { errorMessage, isApiErrorWith } from '../../../lib/api-client';
import { useContactLists, useReveal, useRevealPreview } from '../api/prospects';
import { filterOf, type ProspectSearch } from '../utils/prospect-search';
import { confirmLabel, emailMixText, fieldsLabel, nothingToReveal, partialLabel, receiptLines, shortfallText } from '../utils/receipt-text';

/** Who a reveal is for: ticked people, or everyone matching the search. */
export type RevealTarget = { kind: 'ids'; ids: string[]; label: string } | { kind: 'all'; search: ProspectSearch; count: number; label: string };

type RevealDialogProps = {
  target: RevealTarget | null;
  fields: RevealFields;
  onClose: () => void;
  onDone: (result: RevealResult) => void;
  onJob: (job: RevealJob) => void;
};

const n = new Intl.NumberFormat();

/** The confirmation of a reveal is its receipt: nothing is spent before the user has read what it costs. */
export function RevealDialog({ target, fields, onClose, onDone, onJob }: RevealDialogProps) {
  return (
    // no exit transition: closing in the same render as the refreshes a reveal starts could leave
    // Mantine's transition stuck half-way (an invisible dialog still in the page)
    <Modal
      opened={target !== null}
      onClose={onClose}
      title="Reveal contact details"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      transitionProps={{ exitDuration: 0 }}
    >
      {target && <RevealForm target={target} initialFields={fields} onClose={onClose} onDone={onDone} onJob={onJob} />}
    </Modal>
  );
}

function bodyOf(target: RevealTarget, fields: RevealFields, listId: string | null, validOnly: boolean): RevealBody {
  const common = { fields, validOnly, ...(listId ? { listId } : {}) };
  if (target.kind === 'ids') return { ids: target.ids, ...common };
  const { search } = target;
  return {
    filter: filterOf(search),
    ...(search.q.trim() ? { q: search.q.trim() } : {}),
    scope: search.scope,
    limit: Math.min(Math.max(target.count, 1), REVEAL_MAX_PEOPLE),
    ...common,
  };
}

function RevealForm({
  target,
  initialFields,
  onClose,
  onDone,
  onJob,
}: { target: RevealTarget; initialFields: RevealFields } & Omit<RevealDialogProps, 'target' | 'fields'>) {
  const [fields, setFields] = useState<RevealFields>(initialFields);
  const [listId, setListId] = useState<string | null>(null);
  // "valid emails only": on by default for bulk (a search, or more than one person)
  const [validOnly, setValidOnly] = useState(target.kind === 'all' || target.ids.length > 1);
  const body = bodyOf(target, fields, listId, validOnly);
  const preview = useRevealPreview(body);
  const lists = useContactLists(true);
  const reveal = useReveal();
  // one key per confirmed receipt: a retry of the same receipt sends it again and is charged once
  const keys = useRef(new Map<string, string>());
  const keyFor = (b: RevealBody) => {
    const k = JSON.stringify(b);
    if (!keys.current.has(k)) keys.current.set(k, crypto.randomUUID());
    return keys.current.get(k)!;
  };

  const receipt = preview.data;
  const shortfall = receipt ? shortfallText(receipt, fields) : null;
  const partial = receipt ? partialLabel(receipt) : null;
  const mix = receipt && fields !== 'phone' ? emailMixText(receipt) : null;
  const empty = receipt ? nothingToReveal(receipt) : false;
  const refused = isApiErrorWith(reveal.error, 402);

  // limitToBalance: the start of the selection the balance covers, in its order
  const confirm = (limitToBalance = false) => {
    const sent: RevealBody = limitToBalance ? { ...body, limitToBalance: true } : body;
    reveal.mutate(
      { body: sent, idempotencyKey: keyFor(sent) },
      {
        onSuccess: (answer) => {
          if (answer.kind === 'job') onJob(answer.job);
          else onDone(answer.result);
          onClose();
        },
        // a refusal means the balance moved since the receipt: show the new one
        onError: (error) => {
          if (isApiErrorWith(error, 402)) void preview.refetch();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Reveal <b>{fieldsLabel[fields]}</b> for <b>{target.label}</b>.
        {target.kind === 'all' && target.count > REVEAL_MAX_PEOPLE && ` Only the first ${n.format(REVEAL_MAX_PEOPLE)} are revealed at once.`}
      </Text>
      <SegmentedControl
        aria-label="Details to reveal"
        value={fields}
        onChange={(v) => setFields(v as RevealFields)}
        data={[
          { value: 'email', label: `Email · ${creditCosts.email} credit` },
          { value: 'phone', label: `Phone · ${creditCosts.phone} credits` },
          { value: 'both', label: 'Email and phone' },
        ]}
        fullWidth
      />
      <Select
        label="Add the revealed people to a list (optional)"
        placeholder={lists.isPending ? 'Loading lists…' : 'No list'}
        data={(lists.data?.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        value={listId}
        onChange={setListId}
        clearable
        searchable
        nothingFoundMessage="No contacts list of that name"
        comboboxProps={{ withinPortal: true }}
      />
      {fields !== 'phone' && (
        <Checkbox
          label="Valid emails only"
          description="Risky and unknown emails are left out and not charged. An invalid email is never charged."
          checked={validOnly}
          onChange={(e) => setValidOnly(e.currentTarget.checked)}
        />
      )}

      <Stack gap={4} aria-live="polite" aria-busy={preview.isFetching} data-testid="reveal-receipt">
        <Text size="sm" fw={700}>
          Receipt
        </Text>
        {preview.isPending ? (
          <Stack gap={6}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={20} />
            ))}
          </Stack>
        ) : preview.isError ? (
          <RetryAlert title="The cost could not be worked out" error={preview.error} onRetry={() => void preview.refetch()} />
        ) : (
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {receiptLines(receipt!).map((line) => (
                <Table.Tr key={line.label} fw={line.tone === 'total' ? 700 : undefined} style={line.tone === 'total' ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
                  <Table.Td>
                    <Text size="sm" c={line.tone === 'skipped' || line.tone === 'free' ? 'dimmed' : undefined} fw="inherit">
                      {line.label}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw="inherit">
                      {line.credits === null ? '' : line.tone === 'after' ? n.format(line.credits) : creditsText(line.credits)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {mix && (
          <Text size="sm" c="dimmed" data-testid="email-mix">
            Emails: {mix}
          </Text>
        )}
      </Stack>

      {shortfall && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title="Not enough credits" role="alert">
          <Stack gap="xs">
            <Text size="sm">{shortfall}</Text>
            {receipt?.shortfallReason === 'balance' && (
              <Group gap="md">
                <Anchor component={Link} to="/settings/plans#packs-heading" size="sm" fw={600} c="var(--mantine-color-text)" underline="always" onClick={onClose}>
                  Buy credits
                </Anchor>
                <Anchor component={Link} to="/settings/plans" size="sm" fw={600} c="var(--mantine-color-text)" underline="always" onClick={onClose}>
                  Upgrade plan
                </Anchor>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {receipt && !shortfall && empty && (
        <Alert color="gray" title="Nothing to reveal">
          None of these people has {fieldsLabel[fields]} data that can be revealed. Nothing will be charged.
        </Alert>
      )}
      {receipt?.runsAsJob && !shortfall && (
        <Text size="sm" c="dimmed">
          {n.format(receipt.people)} people: this runs in the background with a progress bar. Its credits are held until it
          ends; you can keep working meanwhile.
        </Text>
      )}
      {reveal.isError && !refused && (
        <Alert color="red" title="The reveal did not go through" role="alert">
          {errorMessage(reveal.error)} Trying again will not charge twice.
        </Alert>
      )}
      {refused && (
        <Alert color="orange" title="Refused: nothing was charged" role="alert">
          {errorMessage(reveal.error)}
        </Alert>
      )}

      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        {shortfall && partial ? (
          <Button
            leftSection={<IconCoins size={16} aria-hidden="true" />}
            onClick={() => confirm(true)}
            loading={reveal.isPending}
            disabled={preview.isFetching}
          >
            {reveal.isError && !refused ? 'Try again' : partial}
          </Button>
        ) : (
          <Button
            leftSection={<IconCoins size={16} aria-hidden="true" />}
            onClick={() => confirm()}
            loading={reveal.isPending}
            disabled={!receipt || preview.isFetching || !!shortfall || empty}
          >
            {reveal.isError && !refused ? 'Try again' : receipt ? confirmLabel(receipt) : 'Reveal'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
