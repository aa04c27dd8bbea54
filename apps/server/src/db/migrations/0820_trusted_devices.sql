-- Issue 27, finding 11 (decision 0028): a browser that signs in to an account gets a long-lived
-- device cookie holding a random token; its SHA-256 is kept here. A sign-in carrying it is not
-- held by the address's lock (login_throttles), which then stops unknown devices only; the
-- device counts its own wrong passwords and locks the same way. A new password forgets them all.
-- Global like login_throttles (users have no workspace): no row-level security.
create table trusted_devices (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  failures integer not null default 0,
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index trusted_devices_user_idx on trusted_devices (user_id);
grant select, insert, update, delete on trusted_devices to leadtrail_app;
