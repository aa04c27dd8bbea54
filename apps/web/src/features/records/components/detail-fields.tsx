import type { Entity } from '@leadtrail/contracts';
import { NumberInput, SimpleGrid, Text } from '@mantine/core';
import type { GridOption } from '../../../components/data-grid';
import { DuplicateNotice } from './duplicate-notice';
import { InlineField } from './inline-field';
import { duplicateOf } from '../../../lib/problem-errors';
import { InlineSelectField, InlineTextField } from './record-fields';
import type { DetailField, RecordRow, SaveField } from '../record-spec';
import { recordHref } from '../utils/record-paths';

type DetailFieldsProps<Row extends RecordRow> = {
  entity: Entity;
  row: Row;
  fields: DetailField<Row>[];
  labels: Record<string, string>;
  duplicateMessage: string;
  owners: { activeOptions: GridOption[]; nameOf: (id: string | null) => string | null };
  save: SaveField;
  readOnly: boolean;
};

/** The standard fields of a record, edited in place; multi-line ones below the others, full width. */
export function DetailFields<Row extends RecordRow>(props: DetailFieldsProps<Row>) {
  const { row, labels, owners, save, readOnly } = props;
  const value = (key: string) => (row as Record<string, unknown>)[key];
  const duplicateError = (error: unknown) => {
    const dup = duplicateOf(error);
    return dup ? (
      <DuplicateNotice message={props.duplicateMessage} href={recordHref(props.entity, dup.existingId)} />
    ) : null;
  };

  const render = (field: DetailField<Row>) => {
    switch (field.kind) {
      case 'text':
        return (
          <InlineTextField
            key={field.key}
            label={labels[field.key]!}
            path={field.key}
            type={field.type}
            link={field.link}
            multiline={field.multiline}
            value={(value(field.key) as string | null) ?? null}
            onSave={save(field.key)}
            readOnly={readOnly}
            renderError={field.unique ? duplicateError : undefined}
          />
        );
      case 'select':
        return (
          <InlineSelectField
            key={field.key}
            label={labels[field.key]!}
            path={field.key}
            value={value(field.key) as string | null}
            options={field.options}
            onSave={save(field.key)}
            readOnly={readOnly}
            clearable={field.clearable}
            display={field.display?.(row)}
          />
        );
      case 'year':
        return (
          <YearField
            key={field.key}
            label={labels[field.key]!}
            path={field.key}
            value={value(field.key) as number | null}
            onSave={save(field.key)}
            readOnly={readOnly}
          />
        );
      case 'owner':
        return (
          <InlineSelectField
            key="ownerId"
            label={labels.ownerId!}
            path="ownerId"
            value={row.ownerId}
            options={owners.activeOptions}
            onSave={save('ownerId')}
            readOnly={readOnly}
            clearable
            display={<Text size="sm">{owners.nameOf(row.ownerId) ?? 'No owner'}</Text>}
          />
        );
    }
  };

  const wide = (field: DetailField<Row>) => field.kind === 'text' && field.multiline;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {props.fields.filter((f) => !wide(f)).map(render)}
      </SimpleGrid>
      {props.fields.filter(wide).map(render)}
    </>
  );
}

type YearFieldProps = {
  label: string;
  path: string;
  value: number | null;
  onSave: (value: unknown) => Promise<unknown>;
  readOnly: boolean;
};

/** A year (a company's founding): a whole number without a thousands separator. */
function YearField({ label, path, value, onSave, readOnly }: YearFieldProps) {
  return (
    <InlineField<number | string>
      label={label}
      display={
        value === null ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Text size="sm">{value}</Text>
        )
      }
      initialValue={value ?? ''}
      errorPath={path}
      readOnly={readOnly}
      onSave={(next) => onSave(typeof next === 'number' ? next : null)}
      renderEditor={({ value: current, setValue, error, label: fieldLabel, onKeyDown }) => (
        <NumberInput
          label={fieldLabel}
          value={current}
          onChange={setValue}
          allowDecimal={false}
          thousandSeparator={false}
          error={error}
          onKeyDown={onKeyDown}
          autoFocus
          size="sm"
        />
      )}
    />
  );
}
