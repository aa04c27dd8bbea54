-- Issue 26 (fair charges): one ledger row per reveal action, its people listed in lines;
-- a bulk reveal remembers "valid emails only" and counts the emails it left out.
-- Design: docs/decisions/0035-fair-reveal-charges.md.

-- The people a reveal's ledger row paid for: one line per person and feature, with the keys
-- that make a person's data charged once per reveal life and address (as the ledger's rows
-- were keyed before, decision 0027) and the bucket it drew first (a refund's expiry).
create table credit_ledger_lines (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  ledger_id uuid not null,
  line integer not null,
  feature text not null check (feature in ('prospect_email', 'prospect_phone')),
  amount integer not null check (amount > 0),
  -- the prospect id
  reference text not null,
  reveal_id uuid,
  value_hash text,
  grant_id uuid,
  primary key (workspace_id, ledger_id, line),
  foreign key (workspace_id, ledger_id) references credit_ledger (workspace_id, id) on delete cascade
);
-- the database itself refuses a second charge for the same person's data in one reveal life
create unique index credit_ledger_lines_once on credit_ledger_lines (workspace_id, feature, reveal_id, value_hash)
  where reveal_id is not null;
-- a person's charges (the refund look-up)
create index credit_ledger_lines_reference_idx on credit_ledger_lines (workspace_id, reference, feature);
grant select, insert on credit_ledger_lines to leadtrail_app;
revoke update, delete, truncate on credit_ledger_lines from leadtrail_app;
alter table credit_ledger_lines enable row level security;
alter table credit_ledger_lines force row level security;
create policy credit_ledger_lines_tenant on credit_ledger_lines
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- append-only like the ledger (a deleted workspace's cascade aside)
create or replace function credit_ledger_lines_append_only() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from workspaces w where w.id = old.workspace_id) then
    return old;
  end if;
  raise exception 'credit_ledger_lines is append-only: % refused', lower(tg_op) using errcode = '42501';
end $$;
create trigger credit_ledger_lines_append_only before update or delete on credit_ledger_lines
  for each row execute function credit_ledger_lines_append_only();
create trigger credit_ledger_lines_no_truncate before truncate on credit_ledger_lines
  for each statement execute function credit_ledger_lines_append_only();

alter table reveal_jobs
  add column valid_only boolean not null default false,
  add column skipped_emails integer not null default 0;
