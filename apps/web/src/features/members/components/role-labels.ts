import type { Role } from '@leadtrail/contracts';

export const roleLabel: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

export const roleDescription: Record<Role, string> = {
  owner: 'Everything, including billing and transferring ownership',
  admin: 'Everything except changing the owner: users, settings, billing',
  member: 'Contacts, companies, lists, prospects and imports; deletes only their own records',
};
