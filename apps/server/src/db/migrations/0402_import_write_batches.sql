-- Imports write with two connections at once (issue 6). Each write batch records its range of
-- staging rows in the transaction of its writes, so a resumed import redoes exactly the
-- batches that did not commit, whatever order they finished in.
create table import_write_batches (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  import_id uuid not null,
  -- staging row numbers (from_row, to_row]
  from_row integer not null,
  to_row integer not null,
  primary key (workspace_id, import_id, from_row),
  foreign key (workspace_id, import_id) references imports (workspace_id, id) on delete cascade
);
grant select, insert, update, delete on import_write_batches to leadtrail_app;
alter table import_write_batches enable row level security;
alter table import_write_batches force row level security;
create policy import_write_batches_tenant on import_write_batches
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());
