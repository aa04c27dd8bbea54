-- Issue 27 (findings 4 and 5): the ledger's "charged once" follows the reveal's life.
-- Design: docs/decisions/0027-bulk-jobs-and-reveal-life.md (amends 0020 and 0024).

-- A reveal record's life: a new id each time the row is created. Erasure deletes the row, so
-- a later reveal of the person is a new life and may be charged again.
alter table prospect_reveals add column id uuid not null default gen_random_uuid();
create unique index prospect_reveals_id_idx on prospect_reveals (workspace_id, id);
-- "Report invalid email": the credit came back, the address left the contact, and its SHA-256
-- (never the address) stays so it is neither handed back nor charged again in this life.
alter table prospect_reveals
  add column email_refunded_at timestamptz,
  add column email_refunded_hash text,
  add constraint prospect_reveals_email_refunded check ((email_refunded_at is null) = (email_refunded_hash is null));

-- A person's spend is keyed by the reveal it paid for and the SHA-256 of the address charged:
-- once per life and address (a refunded address stays taken; another one is a new charge).
alter table credit_ledger add column reveal_id uuid, add column value_hash text;
drop index credit_ledger_spend_once;
create unique index credit_ledger_spend_once on credit_ledger (workspace_id, feature, reveal_id, value_hash)
  where kind = 'spend' and reveal_id is not null;
-- a refund copies its spend's keys: once per spend. Rows from before keep the old rule.
drop index credit_ledger_refund_once;
create unique index credit_ledger_refund_once on credit_ledger (workspace_id, feature, reveal_id, value_hash)
  where kind = 'refund' and reveal_id is not null;
create unique index credit_ledger_refund_once_before_0811 on credit_ledger (workspace_id, feature, reference)
  where kind = 'refund' and reveal_id is null;
-- the spends and refunds of a person (refund look-up, erasure's redaction)
create index credit_ledger_reference_idx on credit_ledger (workspace_id, reference, feature) where reference is not null;

-- The ledger stays append-only, with one exception: an erasure takes the person's name and
-- employer out of the descriptions of their reveals' rows, through the function below only.
create or replace function credit_ledger_append_only() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from workspaces w where w.id = old.workspace_id) then
    return old;
  end if;
  if tg_op = 'UPDATE' and current_setting('leadtrail.ledger_redaction', true) = 'on'
     and (to_jsonb(new) - 'description') = (to_jsonb(old) - 'description') then
    return new;
  end if;
  raise exception 'credit_ledger is append-only: % refused', lower(tg_op) using errcode = '42501';
end $$;

-- The app role has no UPDATE on the ledger: it redacts through this, in its own workspace.
create or replace function credit_ledger_redact(p_workspace uuid, p_references text[]) returns integer
  language plpgsql security definer set search_path = public as $$
declare n integer;
begin
  perform set_config('leadtrail.ledger_redaction', 'on', true);
  update credit_ledger
     set description = case feature when 'prospect_phone' then 'Phone of an erased person' else 'Email of an erased person' end
   where workspace_id = p_workspace and workspace_id = app_workspace_id() and reference = any(p_references)
     and feature in ('prospect_email', 'prospect_phone') and kind = 'spend'
     and description not like '% of an erased person';
  get diagnostics n = row_count;
  perform set_config('leadtrail.ledger_redaction', 'off', true);
  return n;
end $$;
revoke all on function credit_ledger_redact(uuid, text[]) from public;
grant execute on function credit_ledger_redact(uuid, text[]) to leadtrail_app;
