-- Per-address login throttle (issue 16, decision 0014). Keyed by the normalised email
-- whether or not an account uses it, so a locked answer tells nothing about existence.
-- Attempts are counted before the password is checked (a success resets the row), so
-- concurrent guesses can't all be evaluated: after 5 the address is locked, doubling.
-- Global like password_resets (no workspace): no row-level security.
create table login_throttles (
  email text primary key,
  failures integer not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);
grant select, insert, update, delete on login_throttles to leadtrail_app;
