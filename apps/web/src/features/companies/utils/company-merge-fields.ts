import { companyFieldLabels as L, revenueRangeLabels, type Company, type CustomField } from '@leadtrail/contracts';
import { useMemo } from 'react';
import { customFieldText } from '../../../components/records/custom-field-value';
import type { MergeField } from '../../../components/records/merge-dialog';

const plain = [
  'name',
  'domain',
  'website',
  'industry',
  'employeeRange',
  'phone',
  'linkedinUrl',
  'city',
  'region',
  'country',
  'description',
] as const;

/** The fields a merge can take from either company, as text to compare and choose between. */
export function useCompanyMergeFields(
  customFields: CustomField[],
  ownerName: (id: string | null) => string | null,
): MergeField<Company>[] {
  return useMemo(
    () => [
      ...plain.map((key) => ({ key, label: L[key], text: (c: Company) => c[key] ?? '' })),
      {
        key: 'revenueRange',
        label: L.revenueRange,
        text: (c: Company) => (c.revenueRange ? revenueRangeLabels[c.revenueRange] : ''),
      },
      {
        key: 'foundedYear',
        label: L.foundedYear,
        text: (c: Company) => (c.foundedYear === null ? '' : String(c.foundedYear)),
      },
      { key: 'ownerId', label: L.ownerId, text: (c: Company) => ownerName(c.ownerId) ?? '' },
      ...customFields
        .filter((f) => !f.archived)
        .map((f) => ({
          key: `custom:${f.key}`,
          label: f.label,
          text: (c: Company) => customFieldText(f, c.customFields[f.key]),
        })),
    ],
    [customFields, ownerName],
  );
}
