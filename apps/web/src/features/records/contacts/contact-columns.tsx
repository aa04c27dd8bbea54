import {
  contactFieldLabels as L,
  emailStatusLabels,
  emailStatusReasonLabels,
  emailStatusReasons,
  emailStatuses,
  seniorities,
  seniorityLabels,
  type Contact,
} from '@leadtrail/contracts';
import { Anchor, Badge, Group, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { GridColumn } from '../../../components/data-grid';
import { SuppressedBadge } from '../../../components/suppressed-badge';
import type { ColumnsOptions } from '../record-spec';
import { dimmed, recordColumns, textColumn, toOptions } from '../utils/record-columns';
import { phoneColumn } from '../utils/phone-column';
import { recordHref } from '../utils/record-paths';

export const emailStatusOptions = toOptions(emailStatuses, emailStatusLabels);
export const seniorityOptions = toOptions(seniorities, seniorityLabels);

export const contactName = (contact: Pick<Contact, 'firstName' | 'lastName' | 'email'>): string =>
  [contact.firstName, contact.lastName].filter(Boolean).join(' ') || contact.email || 'Unnamed contact';

const statusColor: Record<Contact['emailStatus'], string> = {
  valid: 'green',
  risky: 'yellow',
  invalid: 'red',
  unknown: 'gray',
  unverified: 'gray.4',
};

/** The status, with its reason (why the verifier said so) as a tooltip; the detail page says it in words. */
export function EmailStatusBadge({ status, reason }: { status: Contact['emailStatus']; reason?: Contact['emailStatusReason'] }) {
  const why = reason ? emailStatusReasonLabels[reason] : null;
  const badge = (
    <Badge variant="dot" color={statusColor[status]} radius="sm" tt="none">
      {emailStatusLabels[status]}
    </Badge>
  );
  return why ? <Tooltip label={why}>{badge}</Tooltip> : badge;
}

/** Every standard and custom contact field, as the API names them for sort, filter and export. */
export function contactColumns(options: ColumnsOptions): GridColumn<Contact>[] {
  const text = textColumn<Contact>(L);
  const phone = phoneColumn<Contact>(L);
  const own: GridColumn<Contact>[] = [
    {
      key: 'name',
      label: 'Name',
      kind: 'text',
      pinned: true,
      filterable: false,
      sortField: 'firstName',
      exportFields: ['firstName', 'lastName'],
      // issue 14: the default columns fit a 1440 px screen, Owner included
      width: 180,
      render: (contact) => (
        // issue 5: the suppressed badge names the matching entry
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={recordHref('contacts', contact.id)} size="sm" fw={500}>
            {contactName(contact)}
          </Anchor>
          {contact.suppressed && <SuppressedBadge match={contact.suppressedBy} size="xs" />}
        </Group>
      ),
    },
    text('firstName'),
    text('lastName'),
    text('email', true, 190),
    {
      key: 'emailStatus',
      label: L.emailStatus,
      kind: 'enum',
      options: emailStatusOptions,
      defaultVisible: false,
      width: 140,
      render: (contact) => <EmailStatusBadge status={contact.emailStatus} reason={contact.emailStatusReason} />,
    },
    {
      key: 'emailStatusReason',
      label: L.emailStatusReason,
      kind: 'enum',
      options: toOptions(emailStatusReasons, emailStatusReasonLabels),
      defaultVisible: false,
      width: 180,
      render: (contact) => (contact.emailStatusReason ? emailStatusReasonLabels[contact.emailStatusReason] : dimmed('—')),
    },
    { key: 'emailCheckedAt', label: L.emailCheckedAt, kind: 'datetime', defaultVisible: false },
    phone('workPhone'),
    phone('mobilePhone'),
    phone('otherPhone'),
    text('jobTitle', true, 150),
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
      width: 150,
      render: (contact) =>
        contact.companyId && contact.companyName ? (
          <Anchor component={Link} to={recordHref('companies', contact.companyId)} size="sm">
            {contact.companyName}
          </Anchor>
        ) : (
          dimmed('—')
        ),
    },
    text('linkedinUrl', false, 240),
    text('city'),
    text('region'),
    text('country', true, 110),
  ];
  const suppressed: GridColumn<Contact> = {
    key: 'suppressed',
    label: L.suppressed,
    kind: 'boolean',
    defaultVisible: false,
    sortable: false,
    width: 130,
    // issue 5: the badge with the matching entry
    render: (contact) =>
      contact.suppressed ? <SuppressedBadge match={contact.suppressedBy} size="xs" /> : dimmed('No'),
  };
  return recordColumns(L, options, own, [suppressed]);
}
