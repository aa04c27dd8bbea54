import { sql, type SQL } from 'drizzle-orm';

/**
 * The list-membership scope as a SQL condition, for the grids of other modules (contacts,
 * companies): "this record is a member of that list". The contacts and companies repositories
 * add it to their WHERE when a list's page asks for its members, so the list page is exactly
 * their grid (filters, sort, search, paging, export, bulk actions) over the members.
 *
 * The primary key (workspace_id, list_id, record id) answers it either way round: PostgreSQL
 * walks a small list's members, or probes membership while walking a large grid in order.
 */
export function listMemberScopeSql(entity: 'contacts' | 'companies', listId: string, record: { workspaceId: SQL; id: SQL }): SQL {
  return entity === 'contacts'
    ? sql`exists (select 1 from list_contacts lm where lm.workspace_id = ${record.workspaceId} and lm.list_id = ${listId}::uuid and lm.contact_id = ${record.id})`
    : sql`exists (select 1 from list_companies lm where lm.workspace_id = ${record.workspaceId} and lm.list_id = ${listId}::uuid and lm.company_id = ${record.id})`;
}
