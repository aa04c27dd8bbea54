import { useRef, useState } from 'react';
import { Alert, Button, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import type { Entity, ImportDetail } from '@leadtrail/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useUploadImport } from '../api/imports';
import { numberFormat } from './import-status';

const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.txt', '.tsv'],
  'text/tab-separated-values': ['.tsv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/vcard': ['.vcf'],
  'text/x-vcard': ['.vcf'],
};

/** Step 1: choose or drop the file; it uploads with a progress bar. */
export function UploadStep({ onUploaded }: { onUploaded: (imp: ImportDetail) => void }) {
  const upload = useUploadImport();
  const [entity, setEntity] = useState<Entity>('contacts');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [rejected, setRejected] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const send = (chosen: File) => {
    setFile(chosen);
    setRejected(null);
    setProgress(0);
    abort.current = new AbortController();
    upload.mutate({ file: chosen, entity, onProgress: setProgress, signal: abort.current.signal }, { onSuccess: onUploaded });
  };

  return (
    <Stack gap="md">
      <Group gap="md" align="center">
        <Text size="sm" fw={500} id="upload-entity-label">
          Import as
        </Text>
        <SegmentedControl
          aria-labelledby="upload-entity-label"
          value={entity}
          onChange={(v) => setEntity(v as Entity)}
          data={[
            { value: 'contacts', label: 'Contacts' },
            { value: 'companies', label: 'Companies' },
          ]}
          disabled={upload.isPending}
        />
      </Group>
      <Dropzone
        onDrop={(files) => files[0] && send(files[0])}
        onReject={() => setRejected('Choose one CSV, TSV, TXT, Excel (.xlsx) or vCard (.vcf) file')}
        accept={ACCEPT}
        multiple={false}
        maxFiles={1}
        disabled={upload.isPending}
        aria-label="Choose a CSV, Excel or vCard file to import"
      >
        <Group justify="center" gap="lg" mih={180} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={48} aria-hidden="true" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={48} aria-hidden="true" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={48} aria-hidden="true" />
          </Dropzone.Idle>
          <Stack gap={4}>
            <Text size="lg">Drag a file here or click to choose one</Text>
            <Text size="sm" c="dimmed">
              CSV, TSV or TXT (comma, semicolon, tab or pipe; any common encoding), Excel .xlsx or vCard .vcf (Apple, Google, Outlook contacts), up to 512 MB and 1,048,576 rows.
            </Text>
            <Text size="sm" c="dimmed">
              Exports of HubSpot, Salesforce, Apollo, Lusha, LinkedIn, Google Contacts and Outlook are mapped for you.
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {upload.isPending && file && (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm">
              {file.name} · {numberFormat.format(Math.ceil(file.size / 1024))} KB
            </Text>
            <Button variant="subtle" size="xs" color="red" onClick={() => abort.current?.abort()}>
              Cancel upload
            </Button>
          </Group>
          <Progress value={Math.round(progress * 100)} animated aria-label="Upload progress" />
          <Text size="xs" c="dimmed" aria-live="polite">
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Reading the first rows…'}
          </Text>
        </Stack>
      )}
      {(rejected || upload.isError) && (
        <Alert color="red" variant="light" role="alert" title={file ? `${file.name} can't be imported` : undefined}>
          {rejected ?? errorMessage(upload.error)}
        </Alert>
      )}
    </Stack>
  );
}
