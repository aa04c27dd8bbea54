-- Saved prospect searches (issue 10): a member's named search, private or shared with the
-- workspace. last_seen_total is the search's total when its owner last opened it: the tab's
-- "N new" is the current total minus it.

create table saved_searches (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  member_id uuid not null,
  name text not null,
  query jsonb not null,
  shared boolean not null default false,
  last_opened_at timestamptz,
  last_seen_total integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (workspace_id, id),
  constraint saved_searches_name_length check (char_length(name) between 1 and 100),
  -- a member's searches go with the member
  foreign key (workspace_id, member_id) references members (workspace_id, id) on delete cascade
);
-- a member's search names are unique whatever their case
create unique index saved_searches_name_unique on saved_searches (workspace_id, member_id, lower(name));
grant select, insert, update, delete on saved_searches to leadtrail_app;
alter table saved_searches enable row level security;
alter table saved_searches force row level security;
create policy saved_searches_tenant on saved_searches
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());
