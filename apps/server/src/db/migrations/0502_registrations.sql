-- Registration waits for the emailed link (issue 16 finding 8, decision 0014): the answer
-- is the same for a taken and a new address, and the account exists only once its owner
-- follows the link sent to the address. Global like password_resets: no row-level security.
create table registrations (
  token_hash text primary key,
  email text not null,
  name text not null,
  company_name text not null,
  password_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index registrations_email_idx on registrations (email);
grant select, insert, update, delete on registrations to leadtrail_app;
