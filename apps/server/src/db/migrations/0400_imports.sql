-- Imports (issue 6): uploaded files, their mapping and options, progress and counts,
-- row errors, the staging rows of a running import, and each user's last mapping per header set.

create table imports (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  file_name text not null,
  file_size bigint not null,
  file_type text not null check (file_type in ('csv', 'xlsx')),
  storage_key text not null,
  entity text not null check (entity in ('contacts', 'companies')),
  status text not null check (status in ('uploaded', 'mapping', 'queued', 'processing', 'completed',
                                         'completed_with_errors', 'failed', 'cancelled')),
  encoding text check (encoding in ('utf-8', 'utf-16le', 'utf-16be', 'windows-1252')),
  delimiter text check (delimiter in (',', ';', E'\t', '|')),
  -- 1-based record number of the header row
  header_row integer not null default 1,
  sheet text,
  sheets jsonb not null default '[]',
  -- [{index, header, samples, suggestedTarget}]
  columns jsonb not null default '[]',
  -- the first records of the file as parsed with the current settings (preamble included)
  preview jsonb not null default '[]',
  -- [{index, target}]
  mapping jsonb not null default '[]',
  mapping_remembered boolean not null default false,
  header_signature text,
  -- {duplicates, listId, newListName, ownerId, createCompanies}
  options jsonb not null,
  -- data rows: estimated at upload, exact once the file has been read
  rows_total integer not null default 0,
  rows_total_exact boolean not null default false,
  phase text not null default 'waiting',
  rows_read integer not null default 0,
  rows_done integer not null default 0,
  rows_per_second real not null default 0,
  progress_at timestamptz,
  created_count integer not null default 0,
  updated_count integer not null default 0,
  duplicates_count integer not null default 0,
  duplicates_in_file integer not null default 0,
  suppressed_count integer not null default 0,
  errors_count integer not null default 0,
  -- crash-safe checkpoints, each advanced in the same transaction as the work it records:
  -- records of the file consumed into staging (0-based record index of the next one to read),
  read_next_record integer not null default 0,
  -- the whole file has been read into staging,
  read_done boolean not null default false,
  -- the staged rows have been checked for in-file duplicates and suppressions,
  matched boolean not null default false,
  -- staging row numbers written up to (inclusive).
  write_checkpoint integer not null default 0,
  list_id uuid,
  error text,
  created_by uuid not null references users (id) on delete cascade,
  created_by_member uuid,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  cancel_requested_at timestamptz,
  undone_at timestamptz,
  undone_count integer,
  updated_at timestamptz not null default now(),
  primary key (workspace_id, id),
  foreign key (workspace_id, created_by_member) references members (workspace_id, id) on delete set null (created_by_member)
);
create index imports_created_idx on imports (workspace_id, created_at desc, id desc);
create index imports_status_idx on imports (workspace_id, status, created_at desc);
-- the restart sweep looks for unfinished imports across workspaces
create index imports_active_idx on imports (status) where status in ('queued', 'processing');
grant select, insert, update, delete on imports to leadtrail_app;
alter table imports enable row level security;
alter table imports force row level security;
create policy imports_tenant on imports
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- One row per problem; `record` (the row's cells as uploaded) is kept on the first problem of a row.
create table import_errors (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  import_id uuid not null,
  row_number integer not null,
  seq smallint not null default 0,
  column_name text,
  value text,
  reason text not null,
  record jsonb,
  primary key (workspace_id, import_id, row_number, seq),
  foreign key (workspace_id, import_id) references imports (workspace_id, id) on delete cascade
);
grant select, insert, update, delete on import_errors to leadtrail_app;
alter table import_errors enable row level security;
alter table import_errors force row level security;
create policy import_errors_tenant on import_errors
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- Valid rows of a running import, normalised, waiting to be written. Unlogged: it is scratch
-- space (the processor notices when PostgreSQL's own crash recovery has emptied it). Rows go
-- when the import ends. Row-level security is enabled but not forced: the rows arrive by COPY,
-- which PostgreSQL refuses under RLS, so the processor copies them as the table owner (setting
-- each row's workspace itself); the restricted role reads them under the policy.
-- See docs/decisions/0010-import-staging-and-checkpoints.md.
create unlogged table import_rows (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  import_id uuid not null,
  row_no integer not null,
  -- the id a new record gets (fixed here so a retried batch creates the same record)
  id uuid not null,
  -- identity: normalised email (contacts) or domain (companies)
  key text,
  -- column values of the target table, by column name
  data jsonb not null,
  -- custom-field values by key
  custom jsonb,
  -- contacts: the company to find or create
  company_domain text,
  company_name text,
  -- the row names its company (name, domain or website column), so it may be created;
  -- otherwise company_domain is the work email's domain, used to link only
  company_create boolean not null default false,
  note text,
  -- null until matched: d = repeats an earlier row of the file, s = suppressed
  outcome text,
  -- an in-file duplicate's row number of the first occurrence
  first_row integer,
  primary key (workspace_id, import_id, row_no)
);
grant select, insert, update, delete on import_rows to leadtrail_app;
alter table import_rows enable row level security;
create policy import_rows_tenant on import_rows
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The last mapping a user confirmed for a set of headers (see headerSignature).
create table import_mapping_memory (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  entity text not null check (entity in ('contacts', 'companies')),
  header_signature text not null,
  mapping jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (workspace_id, user_id, entity, header_signature)
);
grant select, insert, update, delete on import_mapping_memory to leadtrail_app;
alter table import_mapping_memory enable row level security;
alter table import_mapping_memory force row level security;
create policy import_mapping_memory_tenant on import_mapping_memory
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- Unfinished imports of every workspace, for the worker's restart sweep (which acts before
-- any workspace is known, so it can't pass the row-level security of imports).
create or replace function unfinished_imports() returns table (workspace_id uuid, id uuid)
  language sql stable security definer set search_path = public as $$
    select i.workspace_id, i.id from imports i where i.status in ('queued', 'processing')
  $$;
revoke all on function unfinished_imports() from public;
grant execute on function unfinished_imports() to leadtrail_app;

-- Time-ordered ids (UUID v7, like lib/ids.ts) for records an import creates inside SQL
-- (companies found in a contact file, notes): the 48-bit millisecond time, version and variant
-- bits over random ones.
create or replace function imports_uuid_v7() returns uuid language sql volatile as $$
  select encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
        from 1 for 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;
grant execute on function imports_uuid_v7() to leadtrail_app;

-- "View imported records" and undo find an import's records by import_id.
create index if not exists contacts_import_idx on contacts (workspace_id, import_id) where import_id is not null;
create index if not exists companies_import_idx on companies (workspace_id, import_id) where import_id is not null;
