-- Privacy (issue 15, PRODUCT.md section 7a): erasure requests, workspace exports, retention of
-- uploaded files. The module is apps/server/src/modules/privacy.

-- An erasure adds the SHA-256 of the address to the suppression list with its own reason.
alter table suppressions drop constraint if exists suppressions_reason_check;
alter table suppressions add constraint suppressions_reason_check
  check (reason in ('requested_opt_out', 'bounced', 'customer', 'competitor', 'legal', 'other', 'erasure_request'));

-- An erasure removes the reveal record of the person (the app could only insert and update it).
grant delete on prospect_reveals to leadtrail_app;

-- How long a workspace keeps uploaded files and their error reports (no row: 90 days).
create table privacy_settings (
  workspace_id uuid not null primary key references workspaces (id) on delete cascade,
  file_retention_days integer not null default 90 check (file_retention_days between 1 and 3650),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  foreign key (workspace_id, updated_by) references members (workspace_id, id) on delete set null (updated_by)
);
grant select, insert, update, delete on privacy_settings to leadtrail_app;
alter table privacy_settings enable row level security;
alter table privacy_settings force row level security;
create policy privacy_settings_tenant on privacy_settings
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- An import whose original file (and error report) is gone: by retention, or deleted with an
-- erasure request. Its counts stay.
alter table imports add column if not exists file_deleted_at timestamptz;
alter table imports add column if not exists file_deleted_reason text
  check (file_deleted_reason in ('retention', 'erasure'));

-- Workspace exports: a background job writes a ZIP; the download is valid until expires_at.
create table workspace_exports (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  requested_by uuid,
  requested_by_user uuid not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'ready', 'failed')),
  rows_total bigint not null default 0,
  rows_done bigint not null default 0,
  storage_key text,
  file_size bigint,
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz,
  primary key (workspace_id, id),
  foreign key (workspace_id, requested_by) references members (workspace_id, id) on delete set null (requested_by)
);
create index workspace_exports_created_idx on workspace_exports (workspace_id, created_at desc);
grant select, insert, update, delete on workspace_exports to leadtrail_app;
alter table workspace_exports enable row level security;
alter table workspace_exports force row level security;
create policy workspace_exports_tenant on workspace_exports
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The retention job's sweep, across workspaces (row-level security would hide every row before
-- a workspace is known): finished imports whose file is older than their workspace keeps, and
-- exports past their download window.
create or replace function privacy_files_due(p_now timestamptz)
  returns table (workspace_id uuid, kind text, id uuid)
  language sql stable security definer set search_path = public as $$
    select i.workspace_id, 'import', i.id
      from imports i
      left join privacy_settings s on s.workspace_id = i.workspace_id
     where i.file_deleted_at is null
       and i.status not in ('queued', 'processing')
       and i.created_at < p_now - make_interval(days => coalesce(s.file_retention_days, 90))
    union all
    select e.workspace_id, 'export', e.id
      from workspace_exports e
     where e.storage_key is not null and e.expires_at < p_now
$$;
revoke all on function privacy_files_due(timestamptz) from public;
grant execute on function privacy_files_due(timestamptz) to leadtrail_app;
