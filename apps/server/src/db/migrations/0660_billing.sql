-- Billing (issue 11, PRODUCT.md section 7): the subscription, saved cards, invoices with
-- gapless numbers, and Stripe webhook events. Design: docs/decisions/0021-billing.md.

-- The company settings' tax rate, in basis points (2000 = 20 %), printed on every invoice.
alter table workspaces add column tax_rate_bps integer not null default 0
  constraint workspaces_tax_rate check (tax_rate_bps between 0 and 10000);

-- One row per workspace once it has been billed or changed plan (none: Free, calendar months).
-- Locked (select … for update) by every billing use case of the workspace.
create table subscriptions (
  workspace_id uuid primary key references workspaces (id) on delete cascade,
  plan text not null default 'free' check (plan in ('free', 'starter', 'professional', 'enterprise')),
  interval text not null default 'month' check (interval in ('month', 'year')),
  status text not null default 'active' check (status in ('active', 'past_due')),
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  -- cancelled, or the last renewal retry failed: Free at current_period_end
  cancel_at_period_end boolean not null default false,
  -- a downgrade (or a switch to monthly) waiting for current_period_end
  pending_plan text check (pending_plan in ('free', 'starter', 'professional')),
  pending_interval text check (pending_interval in ('month', 'year')),
  -- what the plan gives, copied from the catalogue when it changes (the seat check reads it)
  seats integer not null check (seats > 0),
  monthly_credits integer not null check (monthly_credits >= 0),
  -- dunning: the first failed renewal charge, how many retries ran, when the next one runs
  past_due_since timestamptz,
  retry_count integer not null default 0,
  next_retry_at timestamptz,
  provider_customer_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint subscriptions_period check (current_period_end > current_period_start),
  constraint subscriptions_pending check ((pending_plan is null) = (pending_interval is null))
);
grant select, insert, update on subscriptions to leadtrail_app;
revoke delete on subscriptions from leadtrail_app;
alter table subscriptions enable row level security;
alter table subscriptions force row level security;
create policy subscriptions_tenant on subscriptions
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- Seats the workspace's plan allows (Free: 3 without a row). The members and invitations
-- modules read it under their seat lock (db/seats.ts).
create or replace function workspace_seat_limit(ws uuid) returns integer
  language sql stable as $$
    select coalesce((select seats from subscriptions where workspace_id = ws), 3)
  $$;

-- Saved cards: the provider's reference, never the number.
create table payment_methods (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  provider text not null check (provider in ('sandbox', 'stripe')),
  provider_ref text not null,
  brand text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null,
  name text,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (workspace_id, id)
);
create unique index payment_methods_one_default on payment_methods (workspace_id) where is_default;
grant select, insert, update, delete on payment_methods to leadtrail_app;
alter table payment_methods enable row level security;
alter table payment_methods force row level security;
create policy payment_methods_tenant on payment_methods
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The invoice number counter: one row per workspace, locked by the transaction that issues
-- a number, so numbers are gapless (a rolled-back invoice gives its number back).
create table invoice_counters (
  workspace_id uuid primary key references workspaces (id) on delete cascade,
  prefix text not null,
  last_number integer not null default 0 check (last_number >= 0)
);
grant select, insert, update on invoice_counters to leadtrail_app;
alter table invoice_counters enable row level security;
alter table invoice_counters force row level security;
create policy invoice_counters_tenant on invoice_counters
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

create table invoices (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  number text not null,
  status text not null check (status in ('draft', 'open', 'paid', 'void', 'uncollectible')),
  reason text not null check (reason in ('subscription_upgrade', 'renewal', 'credit_pack')),
  currency text not null default 'usd',
  -- [{kind, description, quantity, amountCents, periodStart, periodEnd}], in order
  lines jsonb not null,
  subtotal_cents integer not null,
  tax_rate_bps integer not null check (tax_rate_bps between 0 and 10000),
  tax_cents integer not null,
  total_cents integer not null check (total_cents >= 0),
  company_name text not null,
  company_address text,
  company_tax_id text,
  period_start timestamptz,
  period_end timestamptz,
  -- what paying it does when the payment completes later (a confirmation step):
  -- {"type":"upgrade","plan":…,"interval":…} or {"type":"credit_pack","packId":…}; null: nothing
  action jsonb,
  payment_method_id uuid,
  provider_payment_id text,
  failure_code text,
  attempt_count integer not null default 0,
  issued_at timestamptz not null,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (workspace_id, id),
  constraint invoices_total check (total_cents = subtotal_cents + tax_cents),
  constraint invoices_paid check ((status = 'paid') = (paid_at is not null))
);
create unique index invoices_number_unique on invoices (workspace_id, number);
create index invoices_list_idx on invoices (workspace_id, issued_at desc, id desc);
create index invoices_payment_idx on invoices (provider_payment_id) where provider_payment_id is not null;
grant select, insert, update on invoices to leadtrail_app;
revoke delete on invoices from leadtrail_app;
alter table invoices enable row level security;
alter table invoices force row level security;
create policy invoices_tenant on invoices
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- Stripe webhook events already processed (a replay is answered 200 and does nothing).
create table billing_webhook_events (
  event_id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);
grant select, insert on billing_webhook_events to leadtrail_app;

-- For the webhook, which knows only Stripe's payment id (row-level security would hide the invoice).
create or replace function billing_invoice_by_payment(p_payment_id text)
  returns table (workspace_id uuid, invoice_id uuid)
  language sql stable security definer set search_path = public as $$
    select i.workspace_id, i.id from invoices i where i.provider_payment_id = p_payment_id limit 1
  $$;
revoke all on function billing_invoice_by_payment(text) from public;
grant execute on function billing_invoice_by_payment(text) to leadtrail_app;

-- For the renewal job: subscriptions whose period ended or whose failed charge is due a retry.
create or replace function billing_workspaces_due(p_now timestamptz)
  returns table (workspace_id uuid)
  language sql stable security definer set search_path = public as $$
    select s.workspace_id from subscriptions s
    where (s.current_period_end <= p_now and (s.plan <> 'free' or s.pending_plan is not null))
       or (s.status = 'past_due' and s.next_retry_at <= p_now)
  $$;
revoke all on function billing_workspaces_due(timestamptz) from public;
grant execute on function billing_workspaces_due(timestamptz) to leadtrail_app;
