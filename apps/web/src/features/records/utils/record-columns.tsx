import { recordSourceLabels, recordSources } from '@leadtrail/contracts';
import { Text } from '@mantine/core';
import { customFieldColumns, type GridColumn, type GridOption } from '../../../components/data-grid';
import type { ColumnsOptions, RecordRow } from '../record-spec';

export const toOptions = <T extends string>(values: readonly T[], labels: Record<T, string>): GridOption[] =>
  values.map((value) => ({ value, label: labels[value] }));

const sourceOptions = toOptions(recordSources, recordSourceLabels);

export const dimmed = (text: string) => (
  <Text span size="sm" c="dimmed">
    {text}
  </Text>
);

/** A plain text column of a standard field. */
export const textColumn =
  <Row,>(labels: Record<string, string>) =>
  (key: string, defaultVisible = false, width?: number): GridColumn<Row> => ({
    key,
    label: labels[key] ?? key,
    kind: 'text',
    defaultVisible,
    width,
  });

/**
 * Every column of a record grid, as the API names them for sort, filter and export: the entity's
 * own, then owner and source, `afterSource`, the timestamps and the custom fields.
 */
export function recordColumns<Row extends RecordRow>(
  labels: Record<string, string>,
  { customFields, owners, ownerName }: ColumnsOptions,
  own: GridColumn<Row>[],
  afterSource: GridColumn<Row>[] = [],
): GridColumn<Row>[] {
  return [
    ...own,
    {
      key: 'ownerId',
      label: labels.ownerId!,
      kind: 'ref',
      options: owners,
      defaultVisible: true,
      width: 140,
      render: (row) => ownerName(row.ownerId) ?? dimmed('No owner'),
    },
    { key: 'source', label: labels.source!, kind: 'enum', options: sourceOptions, defaultVisible: false, width: 150 },
    ...afterSource,
    { key: 'createdAt', label: labels.createdAt!, kind: 'datetime', defaultVisible: true },
    { key: 'updatedAt', label: labels.updatedAt!, kind: 'datetime', defaultVisible: false },
    ...customFieldColumns<Row>(customFields),
  ];
}
