-- Issue 27, finding 2 (docs/decisions/0029): a bulk edit or delete of every record matching a
-- filter runs as a background job, in batches of ids (each batch one transaction, its checkpoint
-- committed with it), so no request holds a connection for as long as the selection takes.
create table record_bulk_jobs (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  entity text not null check (entity in ('contacts', 'companies')),
  kind text not null check (kind in ('update', 'delete')),
  member_id uuid not null,
  user_id uuid not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
  -- the selection ({q, filter, listId}) and, for an update, {field, value}
  selection jsonb not null,
  field text,
  value jsonb,
  -- an update's bulk edit (its undo): made by the job's first batch
  edit_id uuid,
  total integer,
  done integer not null default 0,
  affected integer not null default 0,
  skipped integer not null default 0,
  -- the last id a committed batch covered: a resumed job goes on after it
  last_id uuid,
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  primary key (workspace_id, id),
  foreign key (workspace_id, member_id) references members (workspace_id, id) on delete cascade
);
create index record_bulk_jobs_active_idx on record_bulk_jobs (workspace_id) where status in ('queued', 'running');
grant select, insert, update on record_bulk_jobs to leadtrail_app;
alter table record_bulk_jobs enable row level security;
alter table record_bulk_jobs force row level security;
create policy record_bulk_jobs_tenant on record_bulk_jobs
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The worker's sweep at start, before any workspace is known (row-level security would hide every row).
create or replace function unfinished_record_bulk_jobs() returns table (workspace_id uuid, id uuid, entity text)
  language sql stable security definer set search_path = public as $$
    select j.workspace_id, j.id, j.entity from record_bulk_jobs j where j.status in ('queued', 'running')
  $$;
revoke all on function unfinished_record_bulk_jobs() from public;
grant execute on function unfinished_record_bulk_jobs() to leadtrail_app;
