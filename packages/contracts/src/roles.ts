/** Roles of a workspace member and what each may do (PRODUCT.md section 2). */
export const roles = ['owner', 'admin', 'member'] as const;
export type Role = (typeof roles)[number];

export const permissions = [
  'records:read',
  'records:write',
  'records:delete-any',
  'records:export',
  'prospects:reveal',
  'suppressions:write',
  'suppressions:remove',
  'settings:manage',
  'billing:manage',
  'transactions:read-all',
  'workspace:own',
] as const;
export type Permission = (typeof permissions)[number];

const everyone: Permission[] = [
  'records:read',
  'records:write',
  'records:export',
  'prospects:reveal',
  'suppressions:write',
];
const admin: Permission[] = [
  ...everyone,
  'records:delete-any',
  'suppressions:remove',
  'settings:manage',
  'billing:manage',
  'transactions:read-all',
];

export const rolePermissions: Record<Role, readonly Permission[]> = {
  owner: [...admin, 'workspace:own'],
  admin,
  member: everyone,
};

export const can = (role: Role, permission: Permission): boolean =>
  rolePermissions[role].includes(permission);
