import { webhookEventTypes } from '@leadtrail/contracts';
import { describe, expect, it } from 'vitest';
import { eventGroups, eventLabel } from './event-labels';

describe('webhook event labels', () => {
  it('offers every event type once, in its group', () => {
    const offered = eventGroups.flatMap((g) => g.events);
    expect([...offered].sort()).toEqual([...webhookEventTypes].sort());
    expect(eventGroups[0]!.events).toEqual(['contact.created', 'contact.updated', 'contact.deleted', 'contact.email_verified']);
  });

  it('names known types and keeps unknown ones as they are', () => {
    expect(eventLabel('company.deleted')).toBe('Company deleted');
    expect(eventLabel('webhook.test')).toBe('Test event');
    expect(eventLabel('something.new')).toBe('something.new');
  });
});
