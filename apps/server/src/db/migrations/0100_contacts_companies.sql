-- My Contacts (issue 4): custom fields, companies, contacts, notes, activity timeline,
-- export log and per-user grid preferences.

create extension if not exists pg_trgm;

-- Row-level security only lets the planner use an index for a condition whose operator
-- is LEAKPROOF (it can't reveal hidden rows through errors). These can't fail on any
-- input, yet aren't marked so; without this, quick search (ILIKE on a trigram index),
-- custom-field filters (jsonb) and numeric ranges would scan the whole table under RLS.
-- Needs a superuser (embedded PostgreSQL, CI); elsewhere queries stay correct, only slower.
-- See docs/decisions/0007-grid-queries-under-rls.md.
do $$
begin
  alter function texticlike(text, text) leakproof;
  alter function textlike(text, text) leakproof;
  alter function lower(text) leakproof;
  alter function jsonb_contains(jsonb, jsonb) leakproof;
  alter function jsonb_exists(jsonb, text) leakproof;
  alter function jsonb_object_field(jsonb, text) leakproof;
  alter function jsonb_object_field_text(jsonb, text) leakproof;
  alter function jsonb_eq(jsonb, jsonb) leakproof;
  alter function jsonb_ne(jsonb, jsonb) leakproof;
  alter function jsonb_lt(jsonb, jsonb) leakproof;
  alter function jsonb_le(jsonb, jsonb) leakproof;
  alter function jsonb_gt(jsonb, jsonb) leakproof;
  alter function jsonb_ge(jsonb, jsonb) leakproof;
  alter function numeric_eq(numeric, numeric) leakproof;
  alter function numeric_ne(numeric, numeric) leakproof;
  alter function numeric_lt(numeric, numeric) leakproof;
  alter function numeric_le(numeric, numeric) leakproof;
  alter function numeric_gt(numeric, numeric) leakproof;
  alter function numeric_ge(numeric, numeric) leakproof;
exception when insufficient_privilege then
  raise notice 'not a superuser: grid filters on text patterns, jsonb and numerics will not use indexes under RLS';
end $$;

create table custom_fields (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  entity text not null check (entity in ('contacts', 'companies')),
  key text not null check (key ~ '^[a-z][a-z0-9_]*$'),
  label text not null,
  type text not null check (type in ('text', 'long_text', 'number', 'date', 'checkbox', 'single_select',
                                     'multi_select', 'url', 'email', 'phone')),
  -- [{id, label, color}]: ids are stable so a renamed option keeps its values
  options jsonb not null default '[]',
  required boolean not null default false,
  position integer not null default 0,
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, id),
  constraint custom_fields_key_unique unique (workspace_id, entity, key)
);
grant select, insert, update, delete on custom_fields to leadtrail_app;
alter table custom_fields enable row level security;
alter table custom_fields force row level security;
create policy custom_fields_tenant on custom_fields
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

create table companies (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  name text not null,
  -- normalised (lib/normalize.ts normalizeDomain)
  domain text,
  website text,
  industry text,
  employee_range text check (employee_range in ('1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000',
                                                '5001-10000', '10001+')),
  revenue_range text check (revenue_range in ('<1M', '1M-10M', '10M-50M', '50M-100M', '100M-500M', '500M-1B', '1B+')),
  phone text,
  linkedin_url text,
  city text,
  region text,
  country text,
  description text,
  founded_year integer,
  owner_id uuid,
  source text not null default 'manual' check (source in ('manual', 'import', 'prospect', 'api')),
  import_id uuid,
  custom_fields jsonb not null default '{}',
  -- what quick search matches (trigram index below)
  search_text text generated always as (lower(name || ' ' || coalesce(domain, ''))) stored,
  created_by uuid,
  updated_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, id),
  constraint companies_domain_unique unique (workspace_id, domain),
  foreign key (workspace_id, owner_id) references members (workspace_id, id) on delete set null (owner_id),
  foreign key (workspace_id, created_by) references members (workspace_id, id) on delete set null (created_by),
  foreign key (workspace_id, updated_by) references members (workspace_id, id) on delete set null (updated_by)
);
create index companies_created_idx on companies (workspace_id, created_at, id);
create index companies_updated_idx on companies (workspace_id, updated_at, id);
create index companies_name_idx on companies (workspace_id, name, id);
create index companies_owner_idx on companies (workspace_id, owner_id);
create index companies_search_idx on companies using gin (search_text gin_trgm_ops);
create index companies_custom_idx on companies using gin (custom_fields jsonb_path_ops);
grant select, insert, update, delete on companies to leadtrail_app;
alter table companies enable row level security;
alter table companies force row level security;
create policy companies_tenant on companies
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

create table contacts (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  first_name text,
  last_name text,
  -- normalised (trimmed, lower-case)
  email text,
  email_status text not null default 'unknown' check (email_status in ('valid', 'risky', 'invalid', 'unknown')),
  work_phone text,
  mobile_phone text,
  other_phone text,
  job_title text,
  seniority text check (seniority in ('owner', 'founder', 'c_suite', 'partner', 'vp', 'head', 'director', 'manager',
                                      'senior', 'entry', 'intern')),
  department text,
  company_id uuid,
  linkedin_url text,
  city text,
  region text,
  country text,
  owner_id uuid,
  source text not null default 'manual' check (source in ('manual', 'import', 'prospect', 'api')),
  import_id uuid,
  custom_fields jsonb not null default '{}',
  search_text text generated always as (
    lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''))
  ) stored,
  created_by uuid,
  updated_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, id),
  constraint contacts_email_unique unique (workspace_id, email),
  foreign key (workspace_id, company_id) references companies (workspace_id, id) on delete set null (company_id),
  foreign key (workspace_id, owner_id) references members (workspace_id, id) on delete set null (owner_id),
  foreign key (workspace_id, created_by) references members (workspace_id, id) on delete set null (created_by),
  foreign key (workspace_id, updated_by) references members (workspace_id, id) on delete set null (updated_by)
);
-- grid sorts that stay index-ordered (keyset paging leads with workspace_id, ends with id)
create index contacts_created_idx on contacts (workspace_id, created_at, id);
create index contacts_updated_idx on contacts (workspace_id, updated_at, id);
create index contacts_last_name_idx on contacts (workspace_id, last_name, id);
create index contacts_first_name_idx on contacts (workspace_id, first_name, id);
create index contacts_company_idx on contacts (workspace_id, company_id);
create index contacts_owner_idx on contacts (workspace_id, owner_id);
create index contacts_country_idx on contacts (workspace_id, lower(country));
create index contacts_search_idx on contacts using gin (search_text gin_trgm_ops);
create index contacts_custom_idx on contacts using gin (custom_fields jsonb_path_ops);
grant select, insert, update, delete on contacts to leadtrail_app;
alter table contacts enable row level security;
alter table contacts force row level security;
create policy contacts_tenant on contacts
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- Notes belong to exactly one contact or company and go with it.
create table notes (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  contact_id uuid,
  company_id uuid,
  body text not null,
  author_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, id),
  check (num_nonnulls(contact_id, company_id) = 1),
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete cascade,
  foreign key (workspace_id, company_id) references companies (workspace_id, id) on delete cascade,
  foreign key (workspace_id, author_id) references members (workspace_id, id) on delete set null (author_id)
);
create index notes_contact_idx on notes (workspace_id, contact_id, created_at) where contact_id is not null;
create index notes_company_idx on notes (workspace_id, company_id, created_at) where company_id is not null;
grant select, insert, update, delete on notes to leadtrail_app;
alter table notes enable row level security;
alter table notes force row level security;
create policy notes_tenant on notes
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The timeline of a contact or company: created, edited (one row per field), notes,
-- exported, merged; other modules add imported, revealed, added to list.
create table activities (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  contact_id uuid,
  company_id uuid,
  type text not null,
  actor_id uuid,
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  primary key (workspace_id, id),
  check (num_nonnulls(contact_id, company_id) = 1),
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete cascade,
  foreign key (workspace_id, company_id) references companies (workspace_id, id) on delete cascade,
  foreign key (workspace_id, actor_id) references members (workspace_id, id) on delete set null (actor_id)
);
create index activities_contact_idx on activities (workspace_id, contact_id, created_at, id) where contact_id is not null;
create index activities_company_idx on activities (workspace_id, company_id, created_at, id) where company_id is not null;
grant select, insert, update, delete on activities to leadtrail_app;
alter table activities enable row level security;
alter table activities force row level security;
create policy activities_tenant on activities
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- One row per CSV export (who, what, how many), whatever its size.
create table record_exports (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  entity text not null check (entity in ('contacts', 'companies')),
  member_id uuid,
  row_count integer not null,
  q text,
  filter jsonb,
  columns text[] not null,
  include_suppressed boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (workspace_id, id),
  foreign key (workspace_id, member_id) references members (workspace_id, id) on delete set null (member_id)
);
create index record_exports_created_idx on record_exports (workspace_id, created_at);
grant select, insert, update, delete on record_exports to leadtrail_app;
alter table record_exports enable row level security;
alter table record_exports force row level security;
create policy record_exports_tenant on record_exports
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

create table grid_preferences (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  member_id uuid not null,
  grid text not null,
  columns jsonb not null,
  widths jsonb,
  page_size integer,
  updated_at timestamptz not null default now(),
  primary key (workspace_id, member_id, grid),
  foreign key (workspace_id, member_id) references members (workspace_id, id) on delete cascade
);
grant select, insert, update, delete on grid_preferences to leadtrail_app;
alter table grid_preferences enable row level security;
alter table grid_preferences force row level security;
create policy grid_preferences_tenant on grid_preferences
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());
