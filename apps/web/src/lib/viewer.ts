import type { Me } from '@leadtrail/contracts';

/** What the signed-in member may do with records; pages build it from /me and pass it down. */
export type Viewer = {
  memberId: string;
  name: string;
  canWrite: boolean;
  canExport: boolean;
  /** Owners and admins delete anyone's records; members only their own. */
  canDeleteAny: boolean;
  /** Owners and admins: edit others' notes, manage custom fields. */
  isManager: boolean;
};

export const viewerFrom = (me: Me): Viewer => ({
  memberId: me.member.id,
  name: me.user.name,
  canWrite: me.permissions.includes('records:write'),
  canExport: me.permissions.includes('records:export'),
  canDeleteAny: me.permissions.includes('records:delete-any'),
  isManager: me.permissions.includes('settings:manage'),
});
