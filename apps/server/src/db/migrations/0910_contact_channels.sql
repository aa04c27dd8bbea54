-- Issue 26 (docs/decisions/0036): a contact's additional emails and phones, each typed (work,
-- personal, other) and ordered. The primary email (the identity) and the work, mobile and other
-- phones stay columns of contacts; these are the extra ones. Values are stored normalised by the
-- contact's own rules (lowercase email, E.164 phone); a contact holds a value once per kind.
create table contact_channels (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  contact_id uuid not null,
  kind text not null check (kind in ('email', 'phone')),
  value text not null check (length(value) between 1 and 320),
  type text not null default 'other' check (type in ('work', 'personal', 'other')),
  position smallint not null default 0,
  primary key (workspace_id, contact_id, kind, value),
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete cascade
);
-- quick search (the grid's q, the palette) finds a contact by any of its addresses and numbers
create index contact_channels_search_idx on contact_channels using gin (value gin_trgm_ops);
grant select, insert, update, delete on contact_channels to leadtrail_app;
alter table contact_channels enable row level security;
alter table contact_channels force row level security;
create policy contact_channels_tenant on contact_channels
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());
