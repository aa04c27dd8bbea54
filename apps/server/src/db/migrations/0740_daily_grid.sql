-- Daily use (issue 14): saved grid views, bulk "edit field" with undo, and the indexes the
-- command palette's search needs (contacts and companies already have trigram indexes on
-- search_text, migration 0100).

-- A member's named view of a records grid (filter, sort, columns), private or shared.
create table saved_views (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  member_id uuid not null,
  -- the grid it belongs to: contacts, companies (the grid-preferences names)
  grid text not null,
  name text not null,
  q text,
  filter jsonb,
  sort text,
  columns jsonb,
  shared boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, id),
  constraint saved_views_name_length check (char_length(name) between 1 and 100),
  foreign key (workspace_id, member_id) references members (workspace_id, id) on delete cascade
);
-- a member's view names are unique per grid whatever their case
create unique index saved_views_name_unique on saved_views (workspace_id, member_id, grid, lower(name));
create index saved_views_grid_idx on saved_views (workspace_id, grid, created_at);
grant select, insert, update, delete on saved_views to leadtrail_app;
alter table saved_views enable row level security;
alter table saved_views force row level security;
create policy saved_views_tenant on saved_views
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- One bulk edit of a field (its undo restores the previous values kept below).
create table bulk_edits (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  entity text not null check (entity in ('contacts', 'companies')),
  member_id uuid,
  field text not null,
  value jsonb,
  affected integer not null,
  undone_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (workspace_id, id),
  foreign key (workspace_id, member_id) references members (workspace_id, id) on delete set null (member_id)
);
grant select, insert, update, delete on bulk_edits to leadtrail_app;
alter table bulk_edits enable row level security;
alter table bulk_edits force row level security;
create policy bulk_edits_tenant on bulk_edits
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The value each record had before a bulk edit (a standard column as text, a custom field as
-- its jsonb; null: it was empty / absent). Goes with the edit.
create table bulk_edit_values (
  workspace_id uuid not null,
  edit_id uuid not null,
  record_id uuid not null,
  previous_text text,
  previous_json jsonb,
  primary key (workspace_id, edit_id, record_id),
  foreign key (workspace_id, edit_id) references bulk_edits (workspace_id, id) on delete cascade
);
grant select, insert, update, delete on bulk_edit_values to leadtrail_app;
alter table bulk_edit_values enable row level security;
alter table bulk_edit_values force row level security;
create policy bulk_edit_values_tenant on bulk_edit_values
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The palette finds lists by name and imports by file name anywhere in the text.
create index lists_name_trgm_idx on lists using gin (lower(name) gin_trgm_ops);
create index imports_file_name_trgm_idx on imports using gin (lower(file_name) gin_trgm_ops);
