import {
  contactFieldLabels as L,
  emailStatusLabels,
  seniorityLabels,
  type Contact,
  type CustomField,
} from '@leadtrail/contracts';
import { useMemo } from 'react';
import { customFieldText } from '../../../components/records/custom-field-value';
import type { MergeField } from '../../../components/records/merge-dialog';

const plain = [
  'firstName',
  'lastName',
  'email',
  'workPhone',
  'mobilePhone',
  'otherPhone',
  'jobTitle',
  'department',
  'linkedinUrl',
  'city',
  'region',
  'country',
] as const;

/** The fields a merge can take from either contact, as text to compare and choose between. */
export function useContactMergeFields(
  customFields: CustomField[],
  ownerName: (id: string | null) => string | null,
): MergeField<Contact>[] {
  return useMemo(
    () => [
      ...plain.map((key) => ({ key, label: L[key], text: (c: Contact) => c[key] ?? '' })),
      { key: 'emailStatus', label: L.emailStatus, text: (c: Contact) => emailStatusLabels[c.emailStatus] },
      { key: 'seniority', label: L.seniority, text: (c: Contact) => (c.seniority ? seniorityLabels[c.seniority] : '') },
      { key: 'companyId', label: 'Company', text: (c: Contact) => c.companyName ?? '' },
      { key: 'ownerId', label: L.ownerId, text: (c: Contact) => ownerName(c.ownerId) ?? '' },
      ...customFields
        .filter((f) => !f.archived)
        .map((f) => ({
          key: `custom:${f.key}`,
          label: f.label,
          text: (c: Contact) => customFieldText(f, c.customFields[f.key]),
        })),
    ],
    [customFields, ownerName],
  );
}
