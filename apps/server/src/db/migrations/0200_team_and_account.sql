-- Team and account (issue 7): invitations, company settings and logo, profile fields,
-- second-factor recovery codes and limiter, email change links.

-- Company settings live on the workspace row itself.
alter table workspaces
  add column website text,
  add column domain text,
  add column address text,
  add column tax_id text,
  add column time_zone text not null default 'UTC',
  add column default_phone_region text not null default 'US' check (default_phone_region ~ '^[A-Z]{2}$'),
  add column restrict_invites_to_domain boolean not null default false,
  add column logo_updated_at timestamptz;

-- The logo bytes, apart from the settings so reading settings never loads them.
create table workspace_logos (
  workspace_id uuid primary key references workspaces (id) on delete cascade,
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  data bytea not null,
  byte_size integer not null check (byte_size > 0 and byte_size <= 1048576),
  updated_at timestamptz not null default now()
);
grant select, insert, update, delete on workspace_logos to leadtrail_app;
alter table workspace_logos enable row level security;
alter table workspace_logos force row level security;
create policy workspace_logos_tenant on workspace_logos
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

alter table users
  add column job_title text,
  add column phone text,
  add column time_zone text,
  -- the time step of the last accepted TOTP code: a code is never accepted twice
  add column totp_last_step bigint,
  -- wrong second-factor codes in the current window (the limiter answers 429)
  add column totp_failed_attempts integer not null default 0,
  add column totp_last_failed_at timestamptz;

create table invitations (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  email text not null,
  role text not null check (role in ('admin', 'member')),
  invited_by_user_id uuid references users (id) on delete set null,
  expires_at timestamptz not null,
  last_sent_at timestamptz not null default now(),
  accepted_at timestamptz,
  accepted_user_id uuid references users (id) on delete set null,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, id)
);
-- one open (not accepted, not revoked) invitation per address and workspace
create unique index invitations_open_email on invitations (workspace_id, email)
  where accepted_at is null and revoked_at is null;
create index invitations_created_idx on invitations (workspace_id, created_at);
grant select, insert, update, delete on invitations to leadtrail_app;
alter table invitations enable row level security;
alter table invitations force row level security;
create policy invitations_tenant on invitations
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- Like sessions, a token is looked up before any workspace is known, so this
-- table holds only the hash and where it points, outside row-level security.
create table invitation_tokens (
  token_hash text primary key,
  workspace_id uuid not null,
  invitation_id uuid not null,
  created_at timestamptz not null default now(),
  foreign key (workspace_id, invitation_id) references invitations (workspace_id, id) on delete cascade
);
create index invitation_tokens_invitation_idx on invitation_tokens (workspace_id, invitation_id);
grant select, insert, update, delete on invitation_tokens to leadtrail_app;

-- Single-use recovery codes for TOTP, stored as SHA-256 (they are random, 50 bits each).
create table recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  constraint recovery_codes_unique unique (user_id, code_hash)
);
grant select, insert, update, delete on recovery_codes to leadtrail_app;

-- A change of email waits for the link sent to the new address.
create table email_changes (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  new_email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_changes_user_idx on email_changes (user_id);
grant select, insert, update, delete on email_changes to leadtrail_app;

-- Seats in use: active members plus pending (open, unexpired) invitations. Runs as
-- the caller (row-level security applies). Writers that add seats first take
-- pg_advisory_xact_lock(hashtextextended(workspace_id::text, 7007)) so two
-- requests can't both take the last seat.
create or replace function workspace_seats_used(ws uuid) returns integer
  language sql stable as $$
    select (select count(*) from members where workspace_id = ws and status = 'active')::int
         + (select count(*) from invitations
             where workspace_id = ws and accepted_at is null and revoked_at is null and expires_at > now())::int
  $$;
