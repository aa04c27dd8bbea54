-- Foundation: the restricted application role, helpers for row-level security,
-- users, workspaces, members, credentials (sessions, API keys), resets, mail outbox.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'leadtrail_app') then
    create role leadtrail_app nologin nobypassrls;
  end if;
exception when duplicate_object or unique_violation then null;
end $$;

-- the connecting user must be able to SET ROLE to it (a superuser always can)
do $$
begin
  execute format('grant leadtrail_app to %I', current_user);
exception when others then null;
end $$;

create or replace function app_workspace_id() returns uuid
  language sql stable as $$ select nullif(current_setting('app.workspace_id', true), '')::uuid $$;

create or replace function app_user_id() returns uuid
  language sql stable as $$ select nullif(current_setting('app.user_id', true), '')::uuid $$;

grant usage on schema public to leadtrail_app;
alter default privileges in schema public grant select, insert, update, delete on tables to leadtrail_app;
alter default privileges in schema public grant usage, select on sequences to leadtrail_app;

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  name text not null,
  password_hash text not null,
  totp_secret text,
  totp_enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_unique unique (email)
);

create table workspaces (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table members (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('owner', 'admin', 'member')),
  status text not null default 'active' check (status in ('active', 'deactivated')),
  last_active_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, id),
  constraint members_user_unique unique (workspace_id, user_id)
);
create index members_user_idx on members (user_id);
-- exactly one owner per workspace
create unique index members_one_owner on members (workspace_id) where role = 'owner';

-- Credentials are looked up by token hash before any workspace is known, so they
-- are not under row-level security; only the auth repository reads them.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  workspace_id uuid not null references workspaces (id) on delete cascade,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references workspaces (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  prefix text not null,
  key_hash text not null unique,
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index api_keys_user_idx on api_keys (user_id, workspace_id);

create table password_resets (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_resets_user_idx on password_resets (user_id);

create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  sent boolean not null default false,
  created_at timestamptz not null default now()
);

grant select, insert, update, delete on all tables in schema public to leadtrail_app;

-- Row-level security: a query that forgets its scope sees nothing.
alter table workspaces enable row level security;
alter table workspaces force row level security;
create policy workspaces_member on workspaces
  using (
    id = app_workspace_id()
    or exists (select 1 from members m where m.workspace_id = workspaces.id and m.user_id = app_user_id())
  )
  with check (id = app_workspace_id());

alter table members enable row level security;
alter table members force row level security;
create policy members_tenant on members
  using (workspace_id = app_workspace_id())
  with check (workspace_id = app_workspace_id());
-- a user may see their own memberships in every workspace (the workspace switcher)
create policy members_own on members for select
  using (user_id = app_user_id());
