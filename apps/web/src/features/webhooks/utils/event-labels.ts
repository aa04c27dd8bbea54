import { webhookEventTypes, type WebhookEventType } from '@leadtrail/contracts';

const labels: Record<WebhookEventType, string> = {
  'contact.created': 'Contact created',
  'contact.updated': 'Contact updated',
  'contact.deleted': 'Contact deleted',
  'contact.email_verified': 'Contact email verified',
  'company.created': 'Company created',
  'company.updated': 'Company updated',
  'company.deleted': 'Company deleted',
  'import.completed': 'Import completed',
  'prospect.revealed': 'Prospects revealed',
  'list.members_added': 'Records added to a list',
  'credits.low': 'Credits running low',
};

/** The event checkboxes, in groups. */
export const eventGroups: { label: string; events: WebhookEventType[] }[] = [
  { label: 'Contacts', events: webhookEventTypes.filter((e) => e.startsWith('contact.')) },
  { label: 'Companies', events: webhookEventTypes.filter((e) => e.startsWith('company.')) },
  { label: 'Other', events: webhookEventTypes.filter((e) => !e.startsWith('contact.') && !e.startsWith('company.')) },
];

/** "Contact created" for contact.created; the type itself for one this list doesn't know (webhook.test). */
export const eventLabel = (type: string): string => (type === 'webhook.test' ? 'Test event' : (labels[type as WebhookEventType] ?? type));
