-- Per-account login throttle (issue 16, decision 0014): wrong passwords in a row and,
-- after the fifth, the time before which the account refuses any password.
alter table users
  add column login_failures integer not null default 0,
  add column login_locked_until timestamptz;
