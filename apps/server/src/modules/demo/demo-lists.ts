import { rolePermissions } from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { ListsService } from '../lists/lists.service.js';
import type { SuppressionsService } from '../suppressions/suppressions.service.js';

export type DemoListsDeps = { lists: ListsService; suppressions: SuppressionsService };

/**
 * Lists and suppression entries for the demo workspace (issue 5), on top of its contacts and
 * companies: a contacts list and a companies list built by filter, and a few entries that
 * suppress some demo contacts, one of them by a whole domain.
 */
export async function seedDemoLists(deps: DemoListsDeps, account: { userId: string; workspaceId: string; memberId: string }) {
  const ctx: RequestContext = {
    userId: account.userId,
    workspaceId: account.workspaceId,
    memberId: account.memberId,
    role: 'owner',
    permissions: rolePermissions.owner,
    via: 'session',
    sessionId: null,
  };
  const dach = await deps.lists.create(ctx, {
    name: 'Q3 outreach: Germany and Switzerland',
    entity: 'contacts',
    description: 'Decision makers to meet before the Munich robotics fair',
  });
  const added = await deps.lists.addMembers(ctx, dach.id, {
    filter: { and: [{ field: 'country', op: 'anyOf', value: ['Germany', 'Switzerland'] }] },
  });
  const accounts = await deps.lists.create(ctx, {
    name: 'North America accounts',
    entity: 'companies',
    description: 'Companies covered by the Seattle team',
  });
  await deps.lists.addMembers(ctx, accounts.id, {
    filter: { or: [{ field: 'country', op: 'is', value: 'United States' }, { field: 'country', op: 'is', value: 'Canada' }] },
  });
  await deps.lists.create(ctx, { name: 'Webinar follow-up', entity: 'contacts', description: 'Add people here after the next webinar' });
  const suppressed = await deps.suppressions.create(account, {
    entries: [
      { value: 'redwoodlegal.example', reason: 'legal', note: 'Their counsel asked us not to contact anyone there' },
      { value: 'ironcladsecurity.example', reason: 'competitor' },
      { value: 'press@pinecrestmedia.example', reason: 'requested_opt_out', note: 'Unsubscribed by reply' },
    ],
  });
  return { lists: 3, members: added.added, suppressions: suppressed.added };
}
