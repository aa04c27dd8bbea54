-- The audit log (issue 15, PRODUCT.md section 7a): who did what, when, from where. One row per
-- event, written in the transaction of the action it records (modules/audit). Append-only:
-- the application role may only insert and read; a trigger refuses updates and deletes for
-- every role, except the cascade of a deleted workspace and the retention prune (365 days),
-- which runs as the owner role through prune_audit_log().

create table audit_log (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  -- time-ordered (UUID v7)
  id uuid not null,
  created_at timestamptz not null default now(),
  action text not null check (action ~ '^[a-z0-9_]+\.[a-z0-9_]+$'),
  actor_type text not null check (actor_type in ('member', 'api_key', 'system')),
  -- no foreign keys to members or api keys: a row outlives what it names
  actor_member_id uuid,
  actor_user_id uuid,
  actor_api_key_id uuid,
  -- the actor's name or email when it happened
  actor_label text,
  ip text,
  user_agent text,
  target_type text,
  target_id text,
  target_label text,
  details jsonb not null default '{}'::jsonb,
  primary key (workspace_id, id),
  constraint audit_log_user_agent_length check (char_length(user_agent) <= 1000),
  constraint audit_log_target_label_length check (char_length(target_label) <= 500)
);
-- the screen: newest first (ids are time-ordered), by member, by action
create index audit_log_time_idx on audit_log (workspace_id, id desc);
create index audit_log_member_idx on audit_log (workspace_id, actor_member_id, id desc);
create index audit_log_action_idx on audit_log (workspace_id, action, id desc);
-- the retention prune
create index audit_log_created_idx on audit_log (created_at);

grant select, insert on audit_log to leadtrail_app;
revoke update, delete, truncate on audit_log from leadtrail_app;
alter table audit_log enable row level security;
alter table audit_log force row level security;
create policy audit_log_read on audit_log for select using (workspace_id = app_workspace_id());
create policy audit_log_write on audit_log for insert with check (workspace_id = app_workspace_id());

-- Refuses any update, and any delete except a deleted workspace's cascade or the prune, whatever the role.
create or replace function audit_log_append_only() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  if tg_op = 'DELETE' and (
    current_setting('app.audit_prune', true) = 'on'
    or not exists (select 1 from workspaces w where w.id = old.workspace_id)
  ) then
    return old;
  end if;
  raise exception 'audit_log is append-only: % refused', lower(tg_op) using errcode = '42501';
end $$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();

-- Retention: deletes the rows created before p_before (the job passes now − 365 days).
-- Not granted to the application role: the job calls it as the owner role.
create or replace function prune_audit_log(p_before timestamptz) returns integer
  language plpgsql security definer set search_path = public as $$
declare
  n integer;
begin
  perform set_config('app.audit_prune', 'on', true);
  delete from audit_log where created_at < p_before;
  get diagnostics n = row_count;
  perform set_config('app.audit_prune', '', true);
  return n;
end $$;
revoke all on function prune_audit_log(timestamptz) from public;
