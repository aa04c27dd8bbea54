import { describe, expect, it } from 'vitest';
import { isActivePath, navGroupsFor } from './navigation';

const settingsLabels = (role: 'owner' | 'admin' | 'member') =>
  navGroupsFor(role)
    .find((group) => group.label === 'Settings')
    ?.items.map((item) => item.label);

describe('navGroupsFor', () => {
  it('shows every settings screen to owners and admins', () => {
    const all = [
      'My account',
      'Company',
      'Users',
      'API & webhooks',
      'Custom fields',
      'Plans',
      'Payment methods',
      'Billing & invoices',
      'Transactions log',
      'Audit log',
      'Privacy',
    ];
    expect(settingsLabels('owner')).toEqual(all);
    expect(settingsLabels('admin')).toEqual(all);
  });

  it('shows members My account, Custom fields (read-only), Plans and Transactions log in settings', () => {
    expect(settingsLabels('member')).toEqual(['My account', 'Custom fields', 'Plans', 'Transactions log']);
  });

  it('shows everyone the contacts and lists screens', () => {
    for (const role of ['owner', 'admin', 'member'] as const) {
      const groups = navGroupsFor(role);
      expect(groups.map((g) => g.label)).toEqual(['My Contacts', 'Lists', 'Settings']);
      expect(groups[0]?.items).toHaveLength(5);
      expect(groups[1]?.items).toHaveLength(2);
    }
  });
});

describe('isActivePath', () => {
  it('matches the dashboard only on /', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/my-contacts/contacts')).toBe(false);
  });

  it('matches a screen and its detail pages, not look-alike prefixes', () => {
    expect(isActivePath('/my-contacts/contacts', '/my-contacts/contacts')).toBe(true);
    expect(isActivePath('/my-contacts/contacts', '/my-contacts/contacts/0190a')).toBe(true);
    expect(isActivePath('/lists/my-lists', '/lists/my-lists-archive')).toBe(false);
  });
});
