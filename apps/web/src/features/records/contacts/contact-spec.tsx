import { contactFieldLabels as L, emailStatusLabels, emailStatusReasonLabels, seniorityLabels, type Contact } from '@leadtrail/contracts';
import { Group } from '@mantine/core';
import { IconAddressBook, IconUserQuestion } from '@tabler/icons-react';
import { SuppressedBadge, suppressionMatchText } from '../../../components/suppressed-badge';
import type { RecordSpec } from '../record-spec';
import { contactColumns, contactName, EmailStatusBadge, emailStatusOptions, seniorityOptions } from './contact-columns';
import { ContactChannelsSection } from './contact-channels';
import { ContactCompanySection } from './contact-company-section';
import { ContactEmailSection } from './contact-email-section';
import { contactForm, contactTextFields, type ContactFormValues } from './contact-form';
import { contactsApi } from './contacts-api';

/** Contacts: the workspace's people, unique by email, linked to a company. */
export const contactSpec: RecordSpec<Contact, ContactFormValues> = {
  entity: 'contacts',
  noun: { singular: 'contact', plural: 'contacts' },
  title: 'Contact',
  api: contactsApi,
  labels: L,
  name: contactName,
  duplicateMessage: 'A contact with this email already exists.',
  screen: {
    title: 'Contacts',
    description: 'The people of your workspace: search, filter, sort and act on them in bulk.',
    searchPlaceholder: 'Search name, email, company or domain',
    emptyIcon: <IconAddressBook size={28} aria-hidden="true" />,
    emptyTitle: 'No contacts yet',
    emptyText: 'Contacts are the people you sell to. Add one by hand, upload a file from your CRM, or save prospects.',
    mergedMessage: 'Contacts merged: notes and history are on the one kept',
  },
  columns: contactColumns,
  merge: {
    plain: contactTextFields,
    note: 'Every email and phone of both stays: those not kept in a field become additional ones.',
    more: [
      { key: 'emailStatus', label: L.emailStatus, text: (c) => emailStatusLabels[c.emailStatus] },
      { key: 'seniority', label: L.seniority, text: (c) => (c.seniority ? seniorityLabels[c.seniority] : '') },
      { key: 'companyId', label: 'Company', text: (c) => c.companyName ?? '' },
    ],
  },
  form: contactForm,
  detail: {
    notFoundIcon: <IconUserQuestion size={28} aria-hidden="true" />,
    description: (contact) => {
      const subtitle = [contact.jobTitle, contact.companyName].filter(Boolean).join(' at ');
      return (
        <Group gap="xs" component="span">
          {subtitle && <span>{subtitle}</span>}
          {contact.suppressed && <SuppressedBadge match={contact.suppressedBy} />}
        </Group>
      );
    },
    fields: [
      { kind: 'text', key: 'firstName' },
      { kind: 'text', key: 'lastName' },
      { kind: 'text', key: 'email', type: 'email', link: 'mailto', unique: true },
      {
        kind: 'select',
        key: 'emailStatus',
        options: emailStatusOptions,
        display: (contact) => (
          <EmailStatusBadge status={contact.emailStatus} reason={contact.emailStatusReason} />
        ),
      },
      { kind: 'text', key: 'jobTitle' },
      { kind: 'select', key: 'seniority', options: seniorityOptions, clearable: true },
      { kind: 'text', key: 'department' },
      { kind: 'text', key: 'workPhone', type: 'tel', link: 'tel' },
      { kind: 'text', key: 'mobilePhone', type: 'tel', link: 'tel' },
      { kind: 'text', key: 'otherPhone', type: 'tel', link: 'tel' },
      { kind: 'text', key: 'linkedinUrl', type: 'url', link: 'url' },
      { kind: 'text', key: 'city' },
      { kind: 'text', key: 'region' },
      { kind: 'text', key: 'country' },
      { kind: 'owner' },
    ],
    Sections: (props) => (
      <>
        <ContactEmailSection {...props} />
        <ContactChannelsSection {...props} />
        <ContactCompanySection {...props} />
      </>
    ),
    facts: (contact) => [
      {
        label: L.suppressed,
        value: contact.suppressedBy
          ? suppressionMatchText(contact.suppressedBy)
          : contact.suppressed
            ? 'Yes: on the suppression list'
            : 'No',
      },
    ],
    deleteConsequence: () =>
      "The contact is deleted with its notes and history. Lists it belongs to lose it. This can't be undone.",
    valueLabels: { emailStatus: emailStatusLabels, emailStatusReason: emailStatusReasonLabels, seniority: seniorityLabels },
    customFieldsSettings: '/settings/masters/custom-fields',
  },
  isSuppressed: (contact) => contact.suppressed,
};
