-- Issue 13: each web process keeps a copy of what every request reads first (core/notified-cache.ts):
-- the credentials it has just checked and the workspaces' custom-field definitions. A change to
-- what a copy holds says so on the channel leadtrail_cache, with the cache's name, whoever makes
-- it (another process, plain SQL), and every process empties that cache.
-- Credentials: a session or API key revoked, a session cut short or deleted, a member's role or
-- status changed or the member removed (a workspace's deletion removes its members and sessions).
-- Touches (last seen, last used, a session's sliding expiry) say nothing.
create or replace function notify_cache_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('leadtrail_cache', tg_argv[0]);
  return null;
end $$;

create trigger sessions_cache_changed after update of revoked_at, expires_at, user_id, workspace_id on sessions
  for each row when (new.revoked_at is distinct from old.revoked_at or new.expires_at < old.expires_at
                     or new.user_id <> old.user_id or new.workspace_id <> old.workspace_id)
  execute function notify_cache_changed('credentials');
create trigger sessions_cache_removed after delete or truncate on sessions
  for each statement execute function notify_cache_changed('credentials');

create trigger api_keys_cache_changed after update of revoked_at, user_id, workspace_id on api_keys
  for each row when (new.revoked_at is distinct from old.revoked_at
                     or new.user_id <> old.user_id or new.workspace_id <> old.workspace_id)
  execute function notify_cache_changed('credentials');
create trigger api_keys_cache_removed after delete or truncate on api_keys
  for each statement execute function notify_cache_changed('credentials');

create trigger members_cache_changed after update of role, status, user_id, id on members
  for each row when (new.role <> old.role or new.status <> old.status or new.user_id <> old.user_id or new.id <> old.id)
  execute function notify_cache_changed('credentials');
create trigger members_cache_removed after delete or truncate on members
  for each statement execute function notify_cache_changed('credentials');

-- Custom-field definitions: any change at all (they change rarely).
create trigger custom_fields_cache_changed after insert or update or delete or truncate on custom_fields
  for each statement execute function notify_cache_changed('custom_fields');
