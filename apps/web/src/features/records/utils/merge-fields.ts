import type { CustomField } from '@leadtrail/contracts';
import { useMemo } from 'react';
import { customFieldText } from '../components/custom-field-value';
import type { MergeField } from '../components/merge-dialog';
import type { OwnerName, RecordRow, RecordSpec } from '../record-spec';

/** The fields a merge can take from either record, as text to compare and choose between. */
export function useMergeFields<Row extends RecordRow>(
  spec: Pick<RecordSpec<Row>, 'labels' | 'merge'>,
  customFields: CustomField[],
  ownerName: OwnerName,
): MergeField<Row>[] {
  const { labels, merge } = spec;
  return useMemo(
    () => [
      ...merge.plain.map((key) => ({
        key,
        label: labels[key]!,
        text: (row: Row) => ((row as Record<string, unknown>)[key] as string | null) ?? '',
      })),
      ...merge.more,
      { key: 'ownerId', label: labels.ownerId!, text: (row: Row) => ownerName(row.ownerId) ?? '' },
      ...customFields
        .filter((f) => !f.archived)
        .map((f) => ({
          key: `custom:${f.key}`,
          label: f.label,
          text: (row: Row) => customFieldText(f, row.customFields[f.key]),
        })),
    ],
    [labels, merge, customFields, ownerName],
  );
}
