import { useState } from 'react';
import { Button, Checkbox, Group, Radio, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { duplicateModes, type DuplicateMode, type ImportDetail, type ImportOptions, type ImportUnknownOwnerMode } from '@leadtrail/contracts';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { StepError } from './step-error';
import { useUpdateImport } from '../api/imports';
import { useImportPreflight } from '../api/import-preflight';
import { EnrichOption } from './enrich-option';

export type Option = { value: string; label: string };

const rowCount = (v: number) => `${v.toLocaleString('en-US')} ${v === 1 ? 'row' : 'rows'}`;

const DUPLICATE_TEXT: Record<DuplicateMode, { label: string; description: (entity: string) => string }> = {
  skip: {
    label: 'Skip existing records',
    description: (e) => `A row whose ${e === 'contacts' ? 'email' : 'domain'} is already in the workspace is left out; the record stays as it is.`,
  },
  fill: {
    label: 'Fill empty fields',
    description: () => 'Existing records keep their values; fields they have empty take the file’s values.',
  },
  overwrite: {
    label: 'Overwrite with the file',
    description: () => 'Existing records take every non-empty value of the file (empty cells never erase anything).',
  },
};

type ListChoice = 'none' | 'existing' | 'new';

type Props = {
  imp: ImportDetail;
  /** Lists of the import's entity. */
  lists: Option[];
  owners: Option[];
  onBack: () => void;
  onNext: () => void;
};

/** Step 3: duplicates, list, owner, companies. */
/** The options as the step names them, for the problems listed next to its button. */
const OPTION_LABELS: Record<string, string> = {
  duplicates: 'Existing records',
  listId: 'List',
  newListName: 'New list',
  ownerId: 'Owner',
  unknownOwners: 'Owners who are not members',
  createCompanies: 'Companies',
  enrich: 'Enrichment',
  enrichCap: 'Credit cap',
};

export function OptionsStep({ imp, lists, owners, onBack, onNext }: Props) {
  const update = useUpdateImport(imp.id);
  const [options, setOptions] = useState<ImportOptions>(imp.options);
  const [listChoice, setListChoice] = useState<ListChoice>(imp.options.listId ? 'existing' : imp.options.newListName ? 'new' : 'none');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<ImportOptions>) => setOptions((o) => ({ ...o, ...patch }));
  // an owner column naming people who are not members: how many of the first rows, and what they get (issue 26)
  const ownerMapped = imp.mapping.some((m) => m.target === 'owner');
  const preflight = useImportPreflight(imp.id, imp.mapping, ownerMapped);
  const notMembers = preflight.data?.ownersNotMembers ?? 0;
  const ownerName = options.ownerId ? (owners.find((w) => w.value === options.ownerId)?.label ?? 'the chosen owner') : 'me';

  const save = () => {
    const errors: Record<string, string> = {};
    if (listChoice === 'existing' && !options.listId) errors.listId = 'Choose a list';
    if (listChoice === 'new' && !options.newListName?.trim()) errors.newListName = 'Name the new list';
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    const body: ImportOptions = {
      ...options,
      listId: listChoice === 'existing' ? options.listId : null,
      newListName: listChoice === 'new' ? (options.newListName?.trim() ?? null) : null,
    };
    update.mutate(
      { options: body },
      {
        onSuccess: () => onNext(),
        onError: (error) => {
          if (!isApiError(error)) return;
          const byField: Record<string, string> = {};
          for (const e of error.errors) byField[e.path.replace(/^options\./, '')] = e.message;
          setFieldErrors(byField);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Radio.Group
        label={`When a ${imp.entity === 'contacts' ? 'contact' : 'company'} already exists`}
        description={`Rows are matched by ${imp.entity === 'contacts' ? 'email' : 'domain'}. Rows repeating an earlier row of the file are merged into it.`}
        value={options.duplicates}
        onChange={(v) => set({ duplicates: v as DuplicateMode })}
      >
        <Stack gap="xs" mt="xs">
          {duplicateModes.map((mode) => (
            <Radio key={mode} value={mode} label={DUPLICATE_TEXT[mode].label} description={DUPLICATE_TEXT[mode].description(imp.entity)} />
          ))}
        </Stack>
      </Radio.Group>

      <Stack gap="xs">
        <Text size="sm" fw={500} id="import-list-label">
          Add the {imp.entity} to a list
        </Text>
        <SegmentedControl
          aria-labelledby="import-list-label"
          value={listChoice}
          onChange={(v) => setListChoice(v as ListChoice)}
          data={[
            { value: 'none', label: 'No list' },
            { value: 'existing', label: 'Existing list', disabled: lists.length === 0 },
            { value: 'new', label: 'New list' },
          ]}
          w="fit-content"
        />
        {listChoice === 'existing' && (
          <Select
            label="List"
            placeholder="Choose a list"
            data={lists}
            searchable
            value={options.listId}
            onChange={(v) => set({ listId: v })}
            error={fieldErrors.listId}
            maw={360}
          />
        )}
        {listChoice === 'new' && (
          <TextInput
            label="New list name"
            value={options.newListName ?? ''}
            onChange={(e) => set({ newListName: e.currentTarget.value })}
            error={fieldErrors.newListName}
            maw={360}
          />
        )}
        <Text size="xs" c="dimmed">
          Every record the file names goes into the list: created, updated, and existing ones that were skipped.
        </Text>
      </Stack>

      <Select
        label="Owner of the new records"
        description="Existing records keep their owner."
        data={owners}
        value={options.ownerId}
        placeholder="Me (the uploader)"
        clearable
        onChange={(v) => set({ ownerId: v })}
        error={fieldErrors.ownerId}
        maw={360}
      />

      {ownerMapped && notMembers > 0 && preflight.data && (
        <Radio.Group
          label={`${rowCount(notMembers)} of the first ${rowCount(preflight.data.rowsTried)} ${notMembers === 1 ? 'names' : 'name'} an owner who is not a member`}
          description="Their owner column names someone who isn't an active member of this workspace."
          value={options.unknownOwners ?? 'owner'}
          onChange={(v) => set({ unknownOwners: v as ImportUnknownOwnerMode })}
          error={fieldErrors.unknownOwners}
          data-testid="unknown-owners"
        >
          <Stack gap={6} mt={6}>
            <Radio value="owner" label={`Assign them to ${ownerName}`} />
            <Radio value="unassigned" label="Leave them without an owner" />
          </Stack>
        </Radio.Group>
      )}

      {imp.entity === 'contacts' && (
        <Checkbox
          label="Create and link companies"
          description="Contacts join the company of their company domain, website or work email; a company named in the file that doesn't exist yet is created."
          checked={options.createCompanies}
          onChange={(e) => set({ createCompanies: e.currentTarget.checked })}
        />
      )}

      {imp.entity === 'contacts' && (
        <EnrichOption importId={imp.id} enrich={!!options.enrich} cap={options.enrichCap ?? null} onChange={(patch) => set(patch)} />
      )}

      {imp.entity === 'contacts' && (
        <Checkbox
          label="Verify emails"
          description="Once the rows are written, every imported address is checked with its mail server (no email sent): valid, risky, invalid or unknown. Counts toward the month's included verifications."
          checked={!!options.verifyEmails}
          onChange={(e) => set({ verifyEmails: e.currentTarget.checked })}
        />
      )}

      <StepError
        message={
          Object.keys(fieldErrors).length > 0
            ? 'Fix these options before going on'
            : update.isError
              ? errorMessage(update.error)
              : null
        }
        problems={Object.entries(fieldErrors).map(([field, message]) => ({ label: OPTION_LABELS[field] ?? field, message }))}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={save} loading={update.isPending}>
          Next: review
        </Button>
      </Group>
    </Stack>
  );
}
