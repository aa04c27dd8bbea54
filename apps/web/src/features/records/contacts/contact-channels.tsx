import {
  CONTACT_CHANNELS_MAX,
  contactChannelTypeLabels,
  contactChannelTypes,
  type Contact,
  type ContactChannel,
  type ContactChannelType,
} from '@leadtrail/contracts';
import { ActionIcon, Anchor, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { PhoneText } from '../../../components/phone-text';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/problem-errors';
import { RecordSection } from '../components/record-section';
import type { SaveField } from '../record-spec';

/**
 * Issue 26: a contact's additional emails and phones, each typed (work, personal, other). The
 * detail page lists them and edits each list in place; an additional email can be made primary,
 * an additional number the work phone (the old one takes its place). The create form takes them
 * with the same rows.
 */

export type ChannelKind = 'email' | 'phone';
type Row = { value: string; type: ContactChannelType };

const typeOptions = contactChannelTypes.map((t) => ({ value: t, label: contactChannelTypeLabels[t] }));
const field = (kind: ChannelKind) => (kind === 'email' ? 'additionalEmails' : 'additionalPhones');
const noun = (kind: ChannelKind) => (kind === 'email' ? 'email' : 'phone');

/** The editable rows of one list: value, type, remove; and "Add". Errors by row index. */
export function ChannelRows({
  kind,
  rows,
  onChange,
  errorOf,
  onKeyDown,
}: {
  kind: ChannelKind;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  errorOf: (index: number) => string | undefined;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  const set = (i: number, patch: Partial<Row>) => onChange(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      {rows.map((row, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Additional ${noun(kind)} ${i + 1}`}
            type={kind === 'email' ? 'email' : 'tel'}
            autoComplete="off"
            value={row.value}
            error={errorOf(i)}
            onChange={(e) => set(i, { value: e.currentTarget.value })}
            onKeyDown={onKeyDown}
          />
          <Select
            w={120}
            label={`Type of ${noun(kind)} ${i + 1}`}
            data={typeOptions}
            allowDeselect={false}
            value={row.type}
            onChange={(v) => v && set(i, { type: v as ContactChannelType })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            aria-label={`Remove additional ${noun(kind)} ${i + 1}`}
            onClick={() => onChange(rows.filter((_, k) => k !== i))}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          disabled={rows.length >= CONTACT_CHANNELS_MAX}
          onClick={() => onChange([...rows, { value: '', type: kind === 'email' ? 'personal' : 'other' }])}
        >
          {rows.length ? `Add another ${noun(kind)}` : kind === 'email' ? 'Add an email' : 'Add a phone'}
        </Button>
        {rows.length >= CONTACT_CHANNELS_MAX && (
          <Text size="xs" c="dimmed">
            {`At most ${CONTACT_CHANNELS_MAX} additional ${noun(kind)}s`}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** The detail page's section: both lists, read and edited one at a time. */
export function ContactChannelsSection({ row: contact, readOnly, save }: { row: Contact; readOnly: boolean; save: SaveField }) {
  return (
    <RecordSection title="More emails and phones">
      <ChannelList kind="email" contact={contact} items={contact.additionalEmails} readOnly={readOnly} save={save} />
      <ChannelList kind="phone" contact={contact} items={contact.additionalPhones} readOnly={readOnly} save={save} />
    </RecordSection>
  );
}

function ChannelList({
  kind,
  contact,
  items,
  readOnly,
  save,
}: {
  kind: ChannelKind;
  contact: Contact;
  items: ContactChannel[];
  readOnly: boolean;
  save: SaveField;
}) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [promoting, setPromoting] = useState<string | null>(null);
  const title = kind === 'email' ? 'Additional emails' : 'Additional phones';
  const errors = fieldErrors(error);

  const start = () => {
    setRows(items.length ? items.map((c) => ({ ...c })) : [{ value: '', type: kind === 'email' ? 'personal' : 'other' }]);
    setError(null);
  };
  const cancel = () => {
    setRows(null);
    setError(null);
  };
  const submit = async () => {
    if (!rows) return;
    setSaving(true);
    setError(null);
    try {
      await save(field(kind))(rows.filter((r) => r.value.trim()).map((r) => ({ value: r.value.trim(), type: r.type })));
      setRows(null);
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  };
  const makePrimary = async (value: string) => {
    setPromoting(value);
    try {
      if (kind === 'email') {
        await save('email')(value);
        notifications.show({ message: `${value} is now the primary email${contact.email ? `; ${contact.email} is an additional one` : ''}` });
      } else {
        await save('workPhone')(value);
        notifications.show({ message: `${value} is now the work phone${contact.workPhone ? `; ${contact.workPhone} is an additional one` : ''}` });
      }
    } catch (caught) {
      notifications.show({ color: 'red', message: errorMessage(caught) });
    } finally {
      setPromoting(null);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  };

  if (rows) {
    // the row errors name the items sent, which are the non-empty rows in order
    const sentIndex = (i: number) => rows.slice(0, i + 1).filter((r) => r.value.trim()).length - 1;
    const general = errors[field(kind)] ?? (isApiError(error) && !error.errors.length ? errorMessage(error) : undefined);
    return (
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <ChannelRows kind={kind} rows={rows} onChange={setRows} errorOf={(i) => errors[`${field(kind)}.${sentIndex(i)}.value`]} onKeyDown={onKeyDown} />
        {general && (
          <Text size="sm" c="red" role="alert">
            {general}
          </Text>
        )}
        {!!error && !isApiError(error) && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(error)}
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" loading={saving} onClick={() => void submit()}>
            {`Save ${title.toLowerCase()}`}
          </Button>
          <Button size="xs" variant="default" onClick={cancel} disabled={saving}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        {!readOnly && (
          <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={14} aria-hidden="true" />} onClick={start} aria-label={`Edit ${title.toLowerCase()}`}>
            Edit
          </Button>
        )}
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {kind === 'email' ? 'No other addresses' : 'No other numbers'}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={title}>
          {items.map((c) => (
            <Group key={c.value} component="li" gap="xs" wrap="nowrap">
              <Anchor href={`${kind === 'email' ? 'mailto' : 'tel'}:${c.value}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {kind === 'email' ? c.value : <PhoneText value={c.value} />}
              </Anchor>
              <Badge size="sm" variant="light" color="gray">
                {contactChannelTypeLabels[c.type]}
              </Badge>
              {!readOnly && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconStar size={12} aria-hidden="true" />}
                  loading={promoting === c.value}
                  onClick={() => void makePrimary(c.value)}
                  aria-label={kind === 'email' ? `Make ${c.value} the primary email` : `Make ${c.value} the work phone`}
                >
                  {kind === 'email' ? 'Make primary' : 'Make work phone'}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
