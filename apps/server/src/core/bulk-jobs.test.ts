import { describe, expect, it } from 'vitest';
import { mayCancel, starterStop } from './bulk-jobs.js';

describe('bulk jobs: whom they act for', () => {
  it('go on for an active starter whose role has the permission', () => {
    expect(starterStop({ role: 'member', status: 'active' }, 'prospects:reveal')).toBeNull();
  });

  it('stop when the starter is deactivated or gone', () => {
    expect(starterStop({ role: 'admin', status: 'deactivated' }, 'prospects:reveal')).toBe('starter_deactivated');
    expect(starterStop(null, 'prospects:reveal')).toBe('starter_deactivated');
  });

  it('stop when the starter lost the role the job needs (an admin made a member)', () => {
    expect(starterStop({ role: 'admin', status: 'active' }, 'settings:manage')).toBeNull();
    expect(starterStop({ role: 'member', status: 'active' }, 'settings:manage')).toBe('starter_role');
  });

  it('are cancelled by their starter, an owner or an admin; not by another member', () => {
    expect(mayCancel({ memberId: 'm1', role: 'member' }, 'm1')).toBe(true);
    expect(mayCancel({ memberId: 'o', role: 'owner' }, 'm1')).toBe(true);
    expect(mayCancel({ memberId: 'a', role: 'admin' }, 'm1')).toBe(true);
    expect(mayCancel({ memberId: 'm2', role: 'member' }, 'm1')).toBe(false);
  });
});
