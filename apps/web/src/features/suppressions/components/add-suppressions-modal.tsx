import '@mantine/dropzone/styles.css';
import {
  SUPPRESSION_NOTE_MAX,
  suppressionKindLabels,
  suppressionReasonLabels,
  suppressionReasons,
  type SuppressionCreateResult,
  type SuppressionKind,
  type SuppressionReason,
} from '@leadtrail/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  Progress,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconClipboardList, IconFileUpload, IconPlus, IconUpload, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useAddSuppressions, useUploadSuppressions } from '../api/suppressions';
import { reportSummary, SuppressionReport } from './suppression-report';
import { linesLeft } from '../utils/lines-left';

const reasonData = suppressionReasons.map((r) => ({ value: r, label: suppressionReasonLabels[r] }));
const n = new Intl.NumberFormat();

/** What the server will take a value for (it decides; this only explains). */
export function guessKind(value: string): SuppressionKind | null {
  const v = value.trim();
  if (!v) return null;
  if (/^(\*\.|@)/.test(v)) return 'domain';
  if (v.includes('@')) return 'email';
  if (/^[0-9a-f]{64}$/i.test(v)) return 'hash';
  return 'domain';
}

type Tab = 'one' | 'paste' | 'upload';

type AddSuppressionsModalProps = { opened: boolean; onClose: () => void; initialTab?: Tab };

export function AddSuppressionsModal({ opened, onClose, initialTab = 'one' }: AddSuppressionsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add to the suppression list" size="lg">
      {opened && <AddSuppressions initialTab={initialTab} onClose={onClose} />}
    </Modal>
  );
}

function ReasonAndNote(props: {
  reason: SuppressionReason;
  onReason: (r: SuppressionReason) => void;
  note: string;
  onNote: (n: string) => void;
  idPrefix: string;
}) {
  const noteError =
    props.note.length > SUPPRESSION_NOTE_MAX ? `Keep the note under ${SUPPRESSION_NOTE_MAX} characters` : null;
  return (
    <Group grow align="flex-start">
      <Select
        id={`${props.idPrefix}-reason`}
        label="Reason"
        data={reasonData}
        value={props.reason}
        onChange={(v) => v && props.onReason(v as SuppressionReason)}
        allowDeselect={false}
      />
      <TextInput
        id={`${props.idPrefix}-note`}
        label="Note (optional)"
        placeholder="e.g. asked by phone on 3 May"
        value={props.note}
        onChange={(e) => props.onNote(e.currentTarget.value)}
        error={noteError}
      />
    </Group>
  );
}

function AddSuppressions({ initialTab, onClose }: { initialTab: Tab; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>(initialTab);
  return (
    <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'one')} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="one" leftSection={<IconPlus size={16} aria-hidden="true" />}>
          One entry
        </Tabs.Tab>
        <Tabs.Tab value="paste" leftSection={<IconClipboardList size={16} aria-hidden="true" />}>
          Paste many
        </Tabs.Tab>
        <Tabs.Tab value="upload" leftSection={<IconFileUpload size={16} aria-hidden="true" />}>
          Upload CSV
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="one">
        <AddOne onClose={onClose} />
      </Tabs.Panel>
      <Tabs.Panel value="paste">
        <PasteMany onClose={onClose} />
      </Tabs.Panel>
      <Tabs.Panel value="upload">
        <UploadCsv onClose={onClose} />
      </Tabs.Panel>
    </Tabs>
  );
}

function AddOne({ onClose }: { onClose: () => void }) {
  const add = useAddSuppressions();
  const [value, setValue] = useState('');
  const [reason, setReason] = useState<SuppressionReason>('requested_opt_out');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const kind = guessKind(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError('Enter an email, a domain or a hashed email');
      return;
    }
    if (note.length > SUPPRESSION_NOTE_MAX) return;
    setError(null);
    add.mutate(
      { entries: [{ value, reason, note: note.trim() || undefined }] },
      {
        onSuccess: (result) => {
          if (result.invalidCount) {
            setError(result.invalid[0]?.message ?? 'Not a valid entry');
            return;
          }
          notifications.show({
            closeButtonProps: { 'aria-label': 'Dismiss' },
            color: result.added ? 'green' : 'blue',
            message: result.added
              ? `${value.trim()} is suppressed`
              : `${value.trim()} was already on the suppression list`,
          });
          onClose();
        },
        onError: (caught) => setError(errorMessage(caught)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          id="suppression-value"
          label="Email, domain or hashed email"
          description={
            kind === 'domain'
              ? 'A domain covers its subdomains too: acme.com also suppresses jo@sales.acme.com.'
              : kind === 'hash'
                ? 'The SHA-256 of the lower-cased, trimmed email address.'
                : 'jane@acme.com, acme.com, or a SHA-256 hash of an email'
          }
          placeholder="jane@acme.com or acme.com"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          rightSectionWidth={kind ? 120 : undefined}
          rightSection={
            kind ? (
              <Text size="xs" c="dimmed" aria-live="polite">
                {suppressionKindLabels[kind]}
              </Text>
            ) : null
          }
          data-autofocus
          required
        />
        <ReasonAndNote idPrefix="one" reason={reason} onReason={setReason} note={note} onNote={setNote} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add to suppression list
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasteMany({ onClose }: { onClose: () => void }) {
  const add = useAddSuppressions();
  const [text, setText] = useState('');
  const [reason, setReason] = useState<SuppressionReason>('requested_opt_out');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ result: SuppressionCreateResult; lines: string[] } | null>(null);
  const lineCount = text.split(/\r\n|\n|\r/).filter((l) => l.trim()).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!lineCount) {
      setError('Paste at least one email, domain or hash, one per line');
      return;
    }
    if (note.length > SUPPRESSION_NOTE_MAX) return;
    setError(null);
    const lines = text.split(/\r\n|\n|\r/);
    add.mutate(
      { text, reason, note: note.trim() || undefined },
      {
        onSuccess: (res) => {
          setResult({ result: res, lines });
          // what was added leaves the box: only the refused lines stay, to fix and send again
          setText(linesLeft(res, lines));
          notifications.show({
            closeButtonProps: { 'aria-label': 'Dismiss' },
            color: res.invalidCount ? 'yellow' : 'green',
            message: reportSummary(res),
          });
        },
        onError: (caught) => setError(errorMessage(caught)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          id="suppression-text"
          label="Entries, one per line"
          description="Emails, domains (covering their subdomains) and SHA-256 hashes can be mixed; kinds are detected."
          placeholder={'jane@acme.com\ncompetitor.io\n5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8'}
          autosize
          minRows={6}
          maxRows={14}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-autofocus
        />
        <ReasonAndNote idPrefix="paste" reason={reason} onReason={setReason} note={note} onNote={setNote} />
        {result && <SuppressionReport result={result.result} />}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {n.format(lineCount)} {lineCount === 1 ? 'line' : 'lines'}
          </Text>
          <Group>
            <Button variant="default" onClick={onClose}>
              {result ? 'Close' : 'Cancel'}
            </Button>
            {/* after a send, the button comes back only for new or fixed lines */}
            {(!result || lineCount > 0) && (
              <Button type="submit" loading={add.isPending}>
                Add {lineCount ? n.format(lineCount) : ''} {lineCount === 1 ? 'entry' : 'entries'}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

const CSV_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/csv'];

function UploadCsv({ onClose }: { onClose: () => void }) {
  const upload = useUploadSuppressions();
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState<SuppressionReason>('requested_opt_out');
  const [note, setNote] = useState('');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<SuppressionCreateResult | null>(null);

  const start = () => {
    if (!file) {
      setError('Choose a CSV file first');
      return;
    }
    setError(null);
    setResult(null);
    setProgress(0);
    upload.mutate(
      { file, reason, note, onProgress: setProgress },
      {
        onSuccess: (res) => {
          setResult(res);
          notifications.show({
            closeButtonProps: { 'aria-label': 'Dismiss' },
            color: res.invalidCount ? 'yellow' : 'green',
            title: file.name,
            message: reportSummary(res),
          });
        },
        onError: (caught) => setError(errorMessage(caught)),
      },
    );
  };

  return (
    <Stack gap="md">
      <Dropzone
        onDrop={(files) => {
          setFile(files[0] ?? null);
          setResult(null);
          setError(null);
        }}
        onReject={() => setError('Choose one CSV file')}
        accept={CSV_TYPES}
        multiple={false}
        maxFiles={1}
        loading={upload.isPending}
        aria-label="Choose a CSV file of emails, domains or hashes"
      >
        <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={40} aria-hidden="true" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} aria-hidden="true" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={40} aria-hidden="true" />
          </Dropzone.Idle>
          <Stack gap={4}>
            <Text size="md">{file ? file.name : 'Drop a CSV file here or click to choose one'}</Text>
            <Text size="sm" c="dimmed">
              {file
                ? `${n.format(Math.ceil(file.size / 1024))} KB`
                : 'One entry per row, in a column named email, domain, hash or value (or the first column). Optional reason and note columns.'}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <ReasonAndNote idPrefix="upload" reason={reason} onReason={setReason} note={note} onNote={setNote} />
      {!file && (
        <List size="xs" c="dimmed">
          <List.Item>
            Example:{' '}
            <Anchor
              size="xs"
              href={`data:text/csv;charset=utf-8,${encodeURIComponent('email,reason,note\njane@acme.com,requested_opt_out,asked by phone\ncompetitor.io,competitor,\n')}`}
              download="suppression-example.csv"
            >
              suppression-example.csv
            </Anchor>
          </List.Item>
        </List>
      )}
      <Text size="xs" c="dimmed">
        Rows without their own reason get this one. Hashes must be the SHA-256 of the trimmed, lower-cased email.
      </Text>
      {upload.isPending && (
        <Stack gap={4}>
          <Progress value={progress * 100} animated aria-label="Upload progress" />
          <Text size="xs" c="dimmed" aria-live="polite">
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Checking and adding the entries…'}
          </Text>
        </Stack>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {result && <SuppressionReport result={result} lineLabel="Row" />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {result ? 'Close' : 'Cancel'}
        </Button>
        <Button onClick={start} loading={upload.isPending} disabled={!file}>
          Upload and add
        </Button>
      </Group>
    </Stack>
  );
}
