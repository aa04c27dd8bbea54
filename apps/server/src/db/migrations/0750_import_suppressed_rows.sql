-- The rows an import left out because they were suppressed (issue 14), with the entry that
-- matched, as it was then: an import's page says which rows were suppressed and by which entry,
-- even after the entry changes or goes. Written by the import's writer in each batch's
-- transaction (idempotent: a redone batch finds its rows there already).

create table import_suppressed_rows (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  import_id uuid not null,
  -- the row's record number in the file (1-based), as in import_errors
  row_number integer not null,
  -- the row's identity: a contact's normalised email, a company's domain
  key text not null,
  -- the contact's or company's name in the file, when it had one
  name text,
  -- the entry that matched (it may have been removed since), and what it said then
  entry_id uuid,
  entry_kind text not null check (entry_kind in ('email', 'domain', 'hash')),
  entry_value text not null,
  entry_reason text,
  primary key (workspace_id, import_id, row_number),
  foreign key (workspace_id, import_id) references imports (workspace_id, id) on delete cascade
);
grant select, insert, update, delete on import_suppressed_rows to leadtrail_app;
alter table import_suppressed_rows enable row level security;
alter table import_suppressed_rows force row level security;
create policy import_suppressed_rows_tenant on import_suppressed_rows
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());
