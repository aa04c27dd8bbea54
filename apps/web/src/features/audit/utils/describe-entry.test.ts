import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@leadtrail/contracts';
import { actionLabel, actorText, detailSummary, targetText } from './describe-entry';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '0190f0a0-0000-7000-8000-000000000000',
  createdAt: '2026-11-24T10:00:00.000Z',
  action: 'auth.sign_in',
  actor: { type: 'member', memberId: null, apiKeyId: null, label: 'Ada' },
  ip: null,
  userAgent: null,
  target: null,
  details: {},
  ...over,
});

describe('describe-entry', () => {
  it('labels known actions and keeps unknown ones as they are', () => {
    expect(actionLabel('export.downloaded')).toBe('Exported');
    expect(actionLabel('webhook.future_thing')).toBe('webhook.future_thing');
  });

  it('names the actor: member, API key, system, former member', () => {
    expect(actorText(entry({}))).toBe('Ada');
    expect(actorText(entry({ actor: { type: 'api_key', memberId: null, apiKeyId: null, label: 'CRM sync' } }))).toBe('API key CRM sync');
    expect(actorText(entry({ actor: { type: 'system', memberId: null, apiKeyId: null, label: null } }))).toBe('Leadtrail');
    expect(actorText(entry({ actor: { type: 'member', memberId: null, apiKeyId: null, label: null } }))).toBe('Former member');
  });

  it('names the target with its kind', () => {
    expect(targetText(entry({}))).toBe('—');
    expect(targetText(entry({ target: { type: 'import', id: 'x', label: 'people.csv' } }))).toBe('Import · people.csv');
    expect(targetText(entry({ target: { type: 'contacts', id: null, label: null } }))).toBe('Contacts');
  });

  it('summarises counts, credits, role changes and reasons', () => {
    expect(detailSummary(entry({ action: 'export.downloaded', details: { entity: 'contacts', rows: 1200 } }))).toBe('1,200 rows');
    expect(detailSummary(entry({ action: 'prospects.revealed', details: { count: 3, credits: 1 } }))).toBe('3 people · 1 credit');
    expect(detailSummary(entry({ action: 'records.bulk_deleted', details: { count: 1 } }))).toBe('1 record');
    expect(detailSummary(entry({ action: 'member.role_changed', details: { from: 'member', to: 'admin' } }))).toBe('member → admin');
    expect(detailSummary(entry({ action: 'auth.sign_in_failed', details: { reason: 'wrong_password' } }))).toBe('wrong password');
  });
});
