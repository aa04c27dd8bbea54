-- Issue 27 (finding 5): an import enrichment's charge names the person it filled (its reveal
-- record: reveal_id, and the address's value_hash), so an erasure takes their name out of those
-- rows too. Enrichment may fill two contacts from one person: its rows stay out of the
-- once-per-reveal index, which is for reveals. Decision 0027.
drop index credit_ledger_spend_once;
create unique index credit_ledger_spend_once on credit_ledger (workspace_id, feature, reveal_id, value_hash)
  where kind = 'spend' and reveal_id is not null and feature in ('prospect_email', 'prospect_phone');
create index credit_ledger_reveal_idx on credit_ledger (workspace_id, reveal_id) where reveal_id is not null;

drop function credit_ledger_redact(uuid, text[]);
-- The app role has no UPDATE on the ledger: it redacts through this, in its own workspace:
-- the rows of these people's reveals (by prospect id) and of the reveal records erased.
create or replace function credit_ledger_redact(p_workspace uuid, p_references text[], p_reveals uuid[]) returns integer
  language plpgsql security definer set search_path = public as $$
declare n integer;
begin
  perform set_config('leadtrail.ledger_redaction', 'on', true);
  update credit_ledger
     set description = case when data_requested = 'phone' then 'Phone of an erased person' else 'Email of an erased person' end
                       || case when feature = 'import_enrich' then ' (import enrichment)' else '' end
   where workspace_id = p_workspace and workspace_id = app_workspace_id() and kind = 'spend'
     and ((feature in ('prospect_email', 'prospect_phone') and reference = any(p_references))
          or reveal_id = any(p_reveals))
     and description not like '% of an erased person%';
  get diagnostics n = row_count;
  perform set_config('leadtrail.ledger_redaction', 'off', true);
  return n;
end $$;
revoke all on function credit_ledger_redact(uuid, text[], uuid[]) from public;
grant execute on function credit_ledger_redact(uuid, text[], uuid[]) to leadtrail_app;
