-- Credits (PRODUCT.md section 7): a workspace's balance is made of grants (buckets) with an
-- expiry; every change is a row of the append-only ledger. Reveals of prospects spend them
-- (modules/prospects/prospects-reveal.*). Design: docs/decisions/0020-credit-ledger.md.

-- One row per workspace, locked (select … for update) by every use case that changes the
-- balance, so concurrent spends serialise per workspace and never overspend.
create table credit_accounts (
  workspace_id uuid primary key references workspaces (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
grant select, insert on credit_accounts to leadtrail_app;
revoke update, delete on credit_accounts from leadtrail_app;
-- FOR UPDATE needs the UPDATE privilege on some column
grant update (updated_at) on credit_accounts to leadtrail_app;
alter table credit_accounts enable row level security;
alter table credit_accounts force row level security;
create policy credit_accounts_tenant on credit_accounts
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- Buckets. `remaining` is a counter changed only under the account lock, next to the ledger
-- row that explains the change; a test asserts the ledger sums to the balance.
create table credit_grants (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  source text not null check (source in ('plan', 'purchase', 'adjustment', 'refund')),
  amount integer not null check (amount > 0),
  remaining integer not null,
  -- the monthly period a plan grant belongs to (one per period)
  period_start timestamptz,
  -- null: never expires (purchases, adjustments)
  expires_at timestamptz,
  -- set when its unused credits were written off by an 'expiry' ledger row
  expired_at timestamptz,
  reference text,
  created_at timestamptz not null default now(),
  primary key (workspace_id, id),
  constraint credit_grants_remaining check (remaining >= 0 and remaining <= amount),
  constraint credit_grants_plan_period check ((source = 'plan') = (period_start is not null))
);
create unique index credit_grants_plan_period_unique on credit_grants (workspace_id, period_start) where source = 'plan';
-- spending order: what expires first (never-expiring last), then oldest
create index credit_grants_live_idx on credit_grants (workspace_id, expires_at, created_at) where expired_at is null and remaining > 0;
grant select, insert on credit_grants to leadtrail_app;
revoke update, delete on credit_grants from leadtrail_app;
grant update (remaining, expired_at) on credit_grants to leadtrail_app;
alter table credit_grants enable row level security;
alter table credit_grants force row level security;
create policy credit_grants_tenant on credit_grants
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The ledger: append-only. A correction is a new row.
create table credit_ledger (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  kind text not null check (kind in ('grant', 'spend', 'refund', 'expiry', 'adjustment')),
  feature text not null
    check (feature in ('prospect_email', 'prospect_phone', 'import_enrich', 'plan', 'purchase', 'adjustment')),
  -- signed: + grant/refund/positive adjustment, − spend/expiry/negative adjustment
  amount integer not null check (amount <> 0),
  -- the bucket it draws from (spend, expiry, negative adjustment) or creates (grant, refund)
  grant_id uuid,
  -- a spend drawing from several buckets: [{"grantId": …, "amount": n}, …]
  draws jsonb,
  member_id uuid,
  -- what it concerns: a prospect id, an import id, an invoice id, a reveal job id
  reference text,
  description text not null,
  data_requested text,
  balance_after integer not null check (balance_after >= 0),
  created_at timestamptz not null default now(),
  primary key (workspace_id, id),
  foreign key (workspace_id, grant_id) references credit_grants (workspace_id, id),
  foreign key (workspace_id, member_id) references members (workspace_id, id),
  constraint credit_ledger_sign check (
    (kind in ('grant', 'refund') and amount > 0)
    or (kind in ('spend', 'expiry') and amount < 0)
    or kind = 'adjustment'
  )
);
-- the database itself refuses a second charge or refund for the same person's data
create unique index credit_ledger_spend_once on credit_ledger (workspace_id, feature, reference)
  where kind = 'spend' and feature in ('prospect_email', 'prospect_phone');
create unique index credit_ledger_refund_once on credit_ledger (workspace_id, feature, reference)
  where kind = 'refund';
-- the transactions log, newest first (ids are time-ordered)
create index credit_ledger_log_idx on credit_ledger (workspace_id, id desc);
-- a member's use this period (their limit) and their own log
create index credit_ledger_member_idx on credit_ledger (workspace_id, member_id, id desc);
grant select, insert on credit_ledger to leadtrail_app;
revoke update, delete, truncate on credit_ledger from leadtrail_app;
alter table credit_ledger enable row level security;
alter table credit_ledger force row level security;
create policy credit_ledger_tenant on credit_ledger
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- Refuses any update, and any delete except the cascade of a deleted workspace, whatever the role.
create or replace function credit_ledger_append_only() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from workspaces w where w.id = old.workspace_id) then
    return old;
  end if;
  raise exception 'credit_ledger is append-only: % refused', lower(tg_op) using errcode = '42501';
end $$;
create trigger credit_ledger_append_only before update or delete on credit_ledger
  for each row execute function credit_ledger_append_only();
create trigger credit_ledger_no_truncate before truncate on credit_ledger
  for each statement execute function credit_ledger_append_only();

-- Per-member monthly limit (blank = unlimited: no row, or a null limit).
create table member_credit_limits (
  workspace_id uuid not null,
  member_id uuid not null,
  monthly_limit integer check (monthly_limit >= 0),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  primary key (workspace_id, member_id),
  foreign key (workspace_id, member_id) references members (workspace_id, id) on delete cascade
);
grant select, insert, update, delete on member_credit_limits to leadtrail_app;
alter table member_credit_limits enable row level security;
alter table member_credit_limits force row level security;
create policy member_credit_limits_tenant on member_credit_limits
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- A retried POST with the same Idempotency-Key answers the stored response, charged once.
create table idempotency_keys (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  scope text not null,
  key text not null check (char_length(key) between 1 and 200),
  member_id uuid,
  -- SHA-256 of the request body: the same key with another body is refused
  request_hash text not null,
  status_code integer not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, scope, key)
);
grant select, insert, delete on idempotency_keys to leadtrail_app;
alter table idempotency_keys enable row level security;
alter table idempotency_keys force row level security;
create policy idempotency_keys_tenant on idempotency_keys
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- Bulk reveals (more than 100 people): a pg-boss job works through prospect_ids in batches;
-- each batch commits its charge with the checkpoint `done`, so a restart resumes after it.
create table reveal_jobs (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  member_id uuid not null,
  user_id uuid not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
  fields text not null check (fields in ('email', 'phone', 'both')),
  list_id uuid,
  prospect_ids uuid[] not null,
  total integer not null,
  done integer not null default 0,
  -- the cost when accepted: until the job ends, estimated_cost − charged is reserved
  estimated_cost integer not null,
  charged integer not null default 0,
  revealed integer not null default 0,
  free integer not null default 0,
  suppressed integer not null default 0,
  no_data integer not null default 0,
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (workspace_id, id),
  foreign key (workspace_id, member_id) references members (workspace_id, id)
);
create index reveal_jobs_active_idx on reveal_jobs (workspace_id) where status in ('queued', 'running');
grant select, insert, update on reveal_jobs to leadtrail_app;
revoke delete on reveal_jobs from leadtrail_app;
alter table reveal_jobs enable row level security;
alter table reveal_jobs force row level security;
create policy reveal_jobs_tenant on reveal_jobs
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- For the worker's sweeps, which act before any workspace is known (row-level security
-- would hide every row): unfinished bulk reveals, and workspaces whose credits need the
-- period's plan grant or an expiry written.
create or replace function unfinished_reveal_jobs() returns table (workspace_id uuid, id uuid)
  language sql stable security definer set search_path = public as $$
    select j.workspace_id, j.id from reveal_jobs j where j.status in ('queued', 'running')
  $$;
revoke all on function unfinished_reveal_jobs() from public;
grant execute on function unfinished_reveal_jobs() to leadtrail_app;

create or replace function credit_workspaces_due(p_period_start timestamptz, p_now timestamptz)
  returns table (workspace_id uuid)
  language sql stable security definer set search_path = public as $$
    select w.id from workspaces w
    where not exists (
        select 1 from credit_grants g
        where g.workspace_id = w.id and g.source = 'plan' and g.period_start = p_period_start)
      or exists (
        select 1 from credit_grants g
        where g.workspace_id = w.id and g.expired_at is null and g.expires_at <= p_now and g.remaining > 0)
  $$;
revoke all on function credit_workspaces_due(timestamptz, timestamptz) from public;
grant execute on function credit_workspaces_due(timestamptz, timestamptz) to leadtrail_app;
