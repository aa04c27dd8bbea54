-- Static lists of contacts or of companies (issue 5). Members live in one table per entity so
-- each has a real composite foreign key: deleting a contact or company drops its memberships,
-- deleting a list drops its memberships and never the records.

create table lists (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  name text not null,
  entity text not null check (entity in ('contacts', 'companies')),
  description text,
  owner_id uuid,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, id),
  constraint lists_name_length check (char_length(name) between 1 and 100),
  constraint lists_description_length check (char_length(description) <= 1000),
  foreign key (workspace_id, owner_id) references members (workspace_id, id) on delete set null (owner_id),
  foreign key (workspace_id, created_by) references members (workspace_id, id) on delete set null (created_by)
);
-- names are unique per workspace whatever their case
create unique index lists_name_unique on lists (workspace_id, lower(name));
create index lists_updated_idx on lists (workspace_id, updated_at, id);
grant select, insert, update, delete on lists to leadtrail_app;
alter table lists enable row level security;
alter table lists force row level security;
create policy lists_tenant on lists
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

create table list_contacts (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  list_id uuid not null,
  contact_id uuid not null,
  added_by uuid,
  added_at timestamptz not null default now(),
  -- a record is in a list once: adding again is "already present"
  primary key (workspace_id, list_id, contact_id),
  foreign key (workspace_id, list_id) references lists (workspace_id, id) on delete cascade,
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete cascade,
  foreign key (workspace_id, added_by) references members (workspace_id, id) on delete set null (added_by)
);
-- a contact's lists, and the cascade when a contact is deleted
create index list_contacts_contact_idx on list_contacts (workspace_id, contact_id);
grant select, insert, update, delete on list_contacts to leadtrail_app;
alter table list_contacts enable row level security;
alter table list_contacts force row level security;
create policy list_contacts_tenant on list_contacts
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

create table list_companies (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  list_id uuid not null,
  company_id uuid not null,
  added_by uuid,
  added_at timestamptz not null default now(),
  primary key (workspace_id, list_id, company_id),
  foreign key (workspace_id, list_id) references lists (workspace_id, id) on delete cascade,
  foreign key (workspace_id, company_id) references companies (workspace_id, id) on delete cascade,
  foreign key (workspace_id, added_by) references members (workspace_id, id) on delete set null (added_by)
);
create index list_companies_company_idx on list_companies (workspace_id, company_id);
grant select, insert, update, delete on list_companies to leadtrail_app;
alter table list_companies enable row level security;
alter table list_companies force row level security;
create policy list_companies_tenant on list_companies
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());
