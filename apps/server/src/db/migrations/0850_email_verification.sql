-- Issue 24 (PRODUCT.md 4a, decision 0031): the product's email status on contacts, verification
-- jobs with their items, and the monthly verification quota's counter.

-- A contact's status: the verifier's four verdicts plus 'unverified' (never checked), with why and when.
alter table contacts drop constraint if exists contacts_email_status_check;
-- A status a file said was never checked: unverified. Only the prospect database's data keeps its status.
update contacts set email_status = 'unverified'
  where email is null or source <> 'prospect';
alter table contacts alter column email_status set default 'unverified';
alter table contacts add constraint contacts_email_status_check
  check (email_status in ('valid', 'risky', 'invalid', 'unknown', 'unverified'));
alter table contacts add column email_status_reason text
  check (email_status_reason in ('syntax', 'no_domain', 'no_mx', 'null_mx', 'disposable', 'role', 'webmail',
                                 'mailbox_not_found', 'mailbox_full', 'accept_all', 'greylisted', 'timeout', 'blocked'));
alter table contacts add column email_checked_at timestamptz;

-- The finder's charge: a feature of its own in the ledger, once per contact found.
alter table credit_ledger drop constraint if exists credit_ledger_feature_check;
alter table credit_ledger add constraint credit_ledger_feature_check
  check (feature in ('prospect_email', 'prospect_phone', 'import_enrich', 'email_finder', 'plan', 'purchase', 'adjustment'));
create unique index credit_ledger_finder_once on credit_ledger (workspace_id, reference)
  where kind = 'spend' and feature = 'email_finder';

-- A verification job: one address (the request waits for its result), contacts (ids or a filter,
-- snapshotted into items), or the finder over contacts.
create table verification_jobs (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  kind text not null check (kind in ('address', 'contacts', 'find')),
  member_id uuid not null,
  user_id uuid not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed', 'cancelled')),
  -- why it stopped early: cancelled, quota, starter_deactivated, starter_role
  stop_reason text,
  email text,
  -- a one-address job's result (the API's verification result)
  result jsonb,
  total integer not null default 0,
  done integer not null default 0,
  valid integer not null default 0,
  risky integer not null default 0,
  invalid integer not null default 0,
  unknown integer not null default 0,
  -- the finder's: addresses found and credits charged
  found integer not null default 0,
  charged integer not null default 0,
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  primary key (workspace_id, id),
  foreign key (workspace_id, member_id) references members (workspace_id, id) on delete cascade
);
create index verification_jobs_active_idx on verification_jobs (workspace_id) where status in ('queued', 'running');
grant select, insert, update on verification_jobs to leadtrail_app;
alter table verification_jobs enable row level security;
alter table verification_jobs force row level security;
create policy verification_jobs_tenant on verification_jobs
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The contacts a job covers, fixed when it is created; done commits with each batch's results,
-- so a resumed job goes on with what is left and never verifies or counts a contact twice.
create table verification_job_items (
  workspace_id uuid not null,
  job_id uuid not null,
  contact_id uuid not null,
  done boolean not null default false,
  primary key (workspace_id, job_id, contact_id),
  foreign key (workspace_id, job_id) references verification_jobs (workspace_id, id) on delete cascade
);
create index verification_job_items_todo_idx on verification_job_items (workspace_id, job_id, contact_id) where not done;
grant select, insert, update, delete on verification_job_items to leadtrail_app;
alter table verification_job_items enable row level security;
alter table verification_job_items force row level security;
create policy verification_job_items_tenant on verification_job_items
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- Verifications counted against the plan's monthly number (a cached result is free).
create table verification_usage (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  period_start date not null,
  used integer not null default 0,
  primary key (workspace_id, period_start)
);
grant select, insert, update on verification_usage to leadtrail_app;
alter table verification_usage enable row level security;
alter table verification_usage force row level security;
create policy verification_usage_tenant on verification_usage
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The worker's sweep at start, before any workspace is known (row-level security would hide every row).
create or replace function unfinished_verification_jobs() returns table (workspace_id uuid, id uuid)
  language sql stable security definer set search_path = public as $$
    select j.workspace_id, j.id from verification_jobs j where j.status in ('queued', 'running')
  $$;
revoke all on function unfinished_verification_jobs() from public;
grant execute on function unfinished_verification_jobs() to leadtrail_app;
