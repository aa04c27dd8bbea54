-- Webhooks (issue 17): the outbox and its deliveries log are kept 30 days. The worker prunes
-- events older than the given time, with their deliveries, unless one is still being retried.
-- Across workspaces, before any is known: security definer, like the delivery claim.
create or replace function prune_webhook_events(p_before timestamptz) returns integer
  language sql volatile security definer set search_path = public as $$
    with gone as (
      delete from webhook_events e
      where e.created_at < p_before
        and not exists (
          select 1 from webhook_deliveries d
          where d.workspace_id = e.workspace_id and d.event_id = e.id and d.status = 'pending')
      returning 1
    )
    select count(*)::int from gone
  $$;
revoke all on function prune_webhook_events(timestamptz) from public;
grant execute on function prune_webhook_events(timestamptz) to leadtrail_app;
