import {
  contactFieldLabels as L,
  emailStatusLabels,
  emailStatuses,
  recordSourceLabels,
  recordSources,
  seniorities,
  seniorityLabels,
  type Contact,
  type CustomField,
} from '@leadtrail/contracts';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { customFieldColumns, type GridColumn, type GridOption } from '../../../components/data-grid';
import { SuppressedBadge } from '../../../components/suppressed-badge';

const toOptions = <T extends string>(values: readonly T[], labels: Record<T, string>): GridOption[] =>
  values.map((value) => ({ value, label: labels[value] }));

export const emailStatusOptions = toOptions(emailStatuses, emailStatusLabels);
export const seniorityOptions = toOptions(seniorities, seniorityLabels);
export const sourceOptions = toOptions(recordSources, recordSourceLabels);

export const contactName = (contact: Pick<Contact, 'firstName' | 'lastName' | 'email'>): string =>
  [contact.firstName, contact.lastName].filter(Boolean).join(' ') || contact.email || 'Unnamed contact';

export const contactHref = (contact: Pick<Contact, 'id'>) => `/my-contacts/contacts/${contact.id}`;

const statusColor: Record<Contact['emailStatus'], string> = {
  valid: 'green',
  risky: 'yellow',
  invalid: 'red',
  unknown: 'gray',
};

export function EmailStatusBadge({ status }: { status: Contact['emailStatus'] }) {
  return (
    <Badge variant="dot" color={statusColor[status]} radius="sm" tt="none">
      {emailStatusLabels[status]}
    </Badge>
  );
}

type ContactColumnsOptions = {
  customFields: CustomField[];
  owners: GridOption[];
  ownerName: (id: string | null) => string | null;
};

/** Every standard and custom contact field, as the API names them for sort, filter and export. */
export function contactColumns({ customFields, owners, ownerName }: ContactColumnsOptions): GridColumn<Contact>[] {
  const text = (key: keyof typeof L, defaultVisible = false, width?: number): GridColumn<Contact> => ({
    key,
    label: L[key],
    kind: 'text',
    defaultVisible,
    width,
  });
  return [
    {
      key: 'name',
      label: 'Name',
      kind: 'text',
      pinned: true,
      filterable: false,
      sortField: 'firstName',
      exportFields: ['firstName', 'lastName'],
      width: 220,
      render: (contact) => (
        // issue 5: the suppressed badge names the matching entry
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={contactHref(contact)} size="sm" fw={500}>
            {contactName(contact)}
          </Anchor>
          {contact.suppressed && <SuppressedBadge match={contact.suppressedBy} size="xs" />}
        </Group>
      ),
    },
    text('firstName'),
    text('lastName'),
    text('email', true, 240),
    {
      key: 'emailStatus',
      label: L.emailStatus,
      kind: 'enum',
      options: emailStatusOptions,
      defaultVisible: false,
      width: 140,
      render: (contact) => <EmailStatusBadge status={contact.emailStatus} />,
    },
    text('workPhone'),
    text('mobilePhone'),
    text('otherPhone'),
    text('jobTitle', true, 220),
    {
      key: 'seniority',
      label: L.seniority,
      kind: 'enum',
      options: seniorityOptions,
      defaultVisible: false,
      width: 140,
    },
    text('department'),
    {
      key: 'companyName',
      label: 'Company',
      kind: 'text',
      defaultVisible: true,
      width: 200,
      render: (contact) =>
        contact.companyId && contact.companyName ? (
          <Anchor component={Link} to={`/my-contacts/companies/${contact.companyId}`} size="sm">
            {contact.companyName}
          </Anchor>
        ) : (
          <Text span size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    text('linkedinUrl', false, 240),
    text('city'),
    text('region'),
    text('country', true, 160),
    {
      key: 'ownerId',
      label: L.ownerId,
      kind: 'ref',
      options: owners,
      defaultVisible: true,
      width: 170,
      render: (contact) =>
        ownerName(contact.ownerId) ?? (
          <Text span size="sm" c="dimmed">
            No owner
          </Text>
        ),
    },
    { key: 'source', label: L.source, kind: 'enum', options: sourceOptions, defaultVisible: false, width: 150 },
    {
      key: 'suppressed',
      label: L.suppressed,
      kind: 'boolean',
      defaultVisible: false,
      sortable: false,
      width: 130,
      // issue 5: the badge with the matching entry
      render: (contact) =>
        contact.suppressed ? (
          <SuppressedBadge match={contact.suppressedBy} size="xs" />
        ) : (
          <Text span size="sm" c="dimmed">
            No
          </Text>
        ),
    },
    { key: 'createdAt', label: L.createdAt, kind: 'datetime', defaultVisible: true },
    { key: 'updatedAt', label: L.updatedAt, kind: 'datetime', defaultVisible: false },
    ...customFieldColumns<Contact>(customFields),
  ];
}
