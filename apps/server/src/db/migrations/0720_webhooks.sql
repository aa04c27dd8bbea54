-- Webhooks (issue 17): endpoints an owner or admin registers, an outbox of events written in
-- the same transaction as the change they describe, and one delivery per subscribed endpoint
-- and event. The worker polls for due deliveries every second (webhook_deliveries_claim), sends
-- them signed, and records each attempt; failures are retried with back-off for 24 h.

create table webhook_endpoints (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  url text not null,
  events text[] not null,
  -- needed to sign every delivery, so kept as is; the API shows it once, at creation
  secret text not null,
  enabled boolean not null default true,
  -- why the endpoint was switched off by the sender (null when by a person, or enabled)
  disabled_reason text,
  -- the start of the current run of failed attempts (null after a success)
  failing_since timestamptz,
  consecutive_failures integer not null default 0,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (workspace_id, id),
  constraint webhook_endpoints_url_length check (char_length(url) between 1 and 2000),
  constraint webhook_endpoints_events check (cardinality(events) >= 1)
);
grant select, insert, update, delete on webhook_endpoints to leadtrail_app;
alter table webhook_endpoints enable row level security;
alter table webhook_endpoints force row level security;
create policy webhook_endpoints_tenant on webhook_endpoints
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The outbox: one row per event, its id the `id` of the body and the Leadtrail-Event-Id header.
create table webhook_events (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  type text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, id)
);
grant select, insert, delete on webhook_events to leadtrail_app;
alter table webhook_events enable row level security;
alter table webhook_events force row level security;
create policy webhook_events_tenant on webhook_events
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

create table webhook_deliveries (
  workspace_id uuid not null,
  id uuid not null,
  endpoint_id uuid not null,
  event_id uuid not null,
  -- pending: waiting for its first attempt or a retry; succeeded; failed: given up
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  -- a pending delivery is sent once this has passed; a claimed one is leased until then
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  response_code integer,
  duration_ms integer,
  error text,
  -- a "send again" of an earlier delivery of the same event
  resent_from uuid,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  primary key (workspace_id, id),
  foreign key (workspace_id, endpoint_id) references webhook_endpoints (workspace_id, id) on delete cascade,
  foreign key (workspace_id, event_id) references webhook_events (workspace_id, id) on delete cascade
);
create index webhook_deliveries_endpoint_idx on webhook_deliveries (workspace_id, endpoint_id, created_at desc, id desc);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
grant select, insert, update, delete on webhook_deliveries to leadtrail_app;
alter table webhook_deliveries enable row level security;
alter table webhook_deliveries force row level security;
create policy webhook_deliveries_tenant on webhook_deliveries
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- The worker's poll, before any workspace is known (row-level security would hide every row):
-- takes up to p_limit due deliveries of enabled endpoints, skipping those another worker holds,
-- and leases them for p_lease_seconds (longer than a send's timeout), so a worker that dies
-- mid-send leaves them to be sent again after the lease. Answers what it took.
create or replace function webhook_deliveries_claim(p_limit integer, p_lease_seconds integer)
  returns table (workspace_id uuid, id uuid)
  language sql volatile security definer set search_path = public as $$
    with due as (
      select d.workspace_id, d.id from webhook_deliveries d
      join webhook_endpoints e on e.workspace_id = d.workspace_id and e.id = d.endpoint_id
      where d.status = 'pending' and d.next_attempt_at <= now() and e.enabled
      order by d.next_attempt_at
      limit p_limit
      for update of d skip locked
    )
    update webhook_deliveries w set next_attempt_at = now() + make_interval(secs => p_lease_seconds)
    from due where w.workspace_id = due.workspace_id and w.id = due.id
    returning w.workspace_id, w.id
  $$;
revoke all on function webhook_deliveries_claim(integer, integer) from public;
grant execute on function webhook_deliveries_claim(integer, integer) to leadtrail_app;
