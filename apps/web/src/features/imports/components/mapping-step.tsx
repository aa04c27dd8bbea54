import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  importTargetLabels,
  multiColumnTargets,
  standardImportTargets,
  type CustomField,
  type Entity,
  type ImportDetail,
} from '@leadtrail/contracts';
import { isApiError, errorMessage } from '../../../lib/api-client';
import { useUpdateImport } from '../api/imports';
import { StepError } from './step-error';
import { PreflightSummary } from './preflight-summary';
import { SuggestionNote } from './suggestion-note';
import classes from './imports.module.css';

const CREATE = '__create__';

type Props = {
  imp: ImportDetail;
  customFields: CustomField[];
  canCreateFields: boolean;
  onNext: () => void;
};

const identityTargets: Record<Entity, string[]> = {
  contacts: ['email', 'firstName', 'lastName', 'fullName'],
  companies: ['name', 'domain', 'website'],
};

/** Which columns break the one-column-per-field rule, and why. */
function duplicateErrors(targets: Record<number, string>, headers: Map<number, string>): Record<number, string> {
  const first = new Map<string, number>();
  const errors: Record<number, string> = {};
  for (const [key, target] of Object.entries(targets)) {
    const index = Number(key);
    if (multiColumnTargets.includes(target)) continue;
    const other = first.get(target);
    if (other === undefined) first.set(target, index);
    else errors[index] = `“${headers.get(other)}” is already imported into this field: a field takes one column`;
  }
  return errors;
}

/** Step 2: each column of the file, its sample values, and the field it goes into. */
export function MappingStep({ imp, customFields, canCreateFields, onNext }: Props) {
  const update = useUpdateImport(imp.id);
  const [targets, setTargets] = useState<Record<number, string>>(() => Object.fromEntries(imp.mapping.map((m) => [m.index, m.target])));
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});
  const [creating, setCreating] = useState<{ index: number; label: string; error: string | null } | null>(null);
  const headers = new Map(imp.columns.map((c) => [c.index, c.header]));
  const localErrors = duplicateErrors(targets, headers);
  const errors = { ...serverErrors, ...localErrors };
  const mapped = Object.values(targets);
  const hasIdentity = identityTargets[imp.entity].some((t) => mapped.includes(t));

  const fields = standardImportTargets(imp.entity).map((t) => ({ value: t, label: importTargetLabels[t] }));
  const custom = customFields.filter((f) => !f.archived).map((f) => ({ value: `custom:${f.key}`, label: f.label }));
  const dataFor = (current: string) => {
    const extra = current.startsWith('new-custom:') ? [{ value: current, label: `New custom field: ${current.slice(11)}` }] : [];
    return [
      { group: 'Fields', items: fields },
      ...(custom.length ? [{ group: 'Custom fields', items: custom }] : []),
      {
        group: 'Other',
        items: [
          ...extra,
          ...(canCreateFields ? [{ value: CREATE, label: 'Create custom field…' }] : []),
          { value: 'ignore', label: "Don't import" },
        ],
      },
    ];
  };

  const setTarget = (index: number, target: string) => {
    setServerErrors((e) => {
      const next = { ...e };
      delete next[index];
      return next;
    });
    setTargets((t) => ({ ...t, [index]: target }));
  };

  const save = () => {
    const mapping = imp.columns.map((c) => ({ index: c.index, target: targets[c.index] ?? 'ignore' }));
    update.mutate(
      { mapping },
      {
        onSuccess: () => onNext(),
        onError: (error) => {
          if (!isApiError(error)) return;
          const byColumn: Record<number, string> = {};
          for (const e of error.errors) {
            const m = e.path.match(/^mapping\.(\d+)\./);
            if (m) byColumn[mapping[Number(m[1])]!.index] = e.message;
          }
          setServerErrors(byColumn);
        },
      },
    );
  };

  const confirmCreate = () => {
    if (!creating) return;
    const label = creating.label.trim();
    if (!label) return setCreating({ ...creating, error: 'Enter a name for the new field' });
    if (label.length > 80) return setCreating({ ...creating, error: 'Use at most 80 characters' });
    setTarget(creating.index, `new-custom:${label}`);
    setCreating(null);
  };

  return (
    <Stack gap="md">
      <Group gap="md" align="center" wrap="wrap">
        <Text size="sm" fw={500} id="import-entity-label">
          Import the rows as
        </Text>
        <SegmentedControl
          aria-labelledby="import-entity-label"
          value={imp.entity}
          onChange={(v) => update.mutate({ entity: v as Entity })}
          data={[
            { value: 'contacts', label: 'Contacts' },
            { value: 'companies', label: 'Companies' },
          ]}
          disabled={update.isPending}
        />
      </Group>
      {imp.entityHint && (
        <Alert color="blue" variant="light" title="Companies or contacts?">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{imp.entityHint.reason}</Text>
            <Button size="xs" variant="light" loading={update.isPending} onClick={() => update.mutate({ entity: imp.entityHint!.entity })}>
              Import as {imp.entityHint.entity}
            </Button>
          </Group>
        </Alert>
      )}
      {imp.mappingRemembered && (
        <Alert variant="light" color="blue">
          You imported a file with these columns before: its mapping is filled in. Check it and change what you need.
        </Alert>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column in your file, with sample values</Table.Th>
              <Table.Th w={250}>Import into</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {imp.columns.map((col) => {
              const target = targets[col.index] ?? 'ignore';
              const id = `map-${col.index}`;
              return (
                <Table.Tr key={col.index}>
                  <Table.Td>
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" fw={500}>
                        {col.header}
                      </Text>
                      <SuggestionNote column={col} target={target} />
                    </Group>
                    <Text size="xs" c="dimmed" className={classes.samples} title={col.samples.join(' · ')}>
                      {col.samples.length ? col.samples.join(' · ') : 'No values in the first rows'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      id={id}
                      aria-label={`Import “${col.header}” into`}
                      data={dataFor(target)}
                      value={target}
                      searchable
                      allowDeselect={false}
                      maxDropdownHeight={320}
                      miw={220}
                      error={errors[col.index]}
                      onChange={(v) => {
                        if (!v) return;
                        if (v === CREATE) setCreating({ index: col.index, label: col.header, error: null });
                        else setTarget(col.index, v);
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PreflightSummary
        importId={imp.id}
        mapping={imp.columns.map((c) => ({ index: c.index, target: targets[c.index] ?? 'ignore' }))}
        enabled={hasIdentity && Object.keys(localErrors).length === 0}
      />
      {!hasIdentity && (
        <Alert color="yellow" variant="light">
          {imp.entity === 'contacts'
            ? 'Import a column into Email or into a name (first, last or full name): every contact needs one of them.'
            : 'Import a column into the company Name, Domain or Website.'}
        </Alert>
      )}
      <StepError
        message={
          Object.keys(errors).length > 0
            ? 'Fix these columns before going on'
            : update.isError
              ? errorMessage(update.error)
              : null
        }
        problems={imp.columns
          .filter((c) => errors[c.index])
          .map((c) => ({ label: `Column “${c.header}”`, message: errors[c.index]! }))}
      />
      <Group justify="flex-end">
        <Button onClick={save} loading={update.isPending} disabled={!hasIdentity || Object.keys(localErrors).length > 0}>
          Next: options
        </Button>
      </Group>
      <Modal opened={creating !== null} onClose={() => setCreating(null)} title="Create a custom field" centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirmCreate();
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              A text field of {imp.entity} is created when the import starts, and this column is imported into it.
            </Text>
            <TextInput
              label="Field name"
              data-autofocus
              value={creating?.label ?? ''}
              error={creating?.error}
              onChange={(e) => creating && setCreating({ ...creating, label: e.currentTarget.value, error: null })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCreating(null)}>
                Cancel
              </Button>
              <Button type="submit">Use this field</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
