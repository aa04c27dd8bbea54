/**
 * The owner of an imported row (alias `row`, staged by the imports module): the active member its
 * owner column names, by email first, else by name (case ignored); otherwise the import's owner
 * ($5), or none when the reader marked the row (options.unknownOwners 'unassigned', import-row.ts
 * ownerCell). Rows without an owner column skip the look-up.
 */
export const ownerOfRow = (row: string) => `case when ${row}.data ? 'owner_unassigned' then (
        select m.id from members m join users u on u.id = m.user_id
        where m.workspace_id = $1 and m.status = 'active'
          and (lower(u.email) = ${row}.data->>'owner_ref' or lower(u.name) = ${row}.data->>'owner_ref')
        order by (lower(u.email) = ${row}.data->>'owner_ref') desc, m.created_at
        limit 1) else coalesce(
      case when ${row}.data ? 'owner_ref' then (
        select m.id from members m join users u on u.id = m.user_id
        where m.workspace_id = $1 and m.status = 'active'
          and (lower(u.email) = ${row}.data->>'owner_ref' or lower(u.name) = ${row}.data->>'owner_ref')
        order by (lower(u.email) = ${row}.data->>'owner_ref') desc, m.created_at
        limit 1) end,
      $5::uuid) end`;
