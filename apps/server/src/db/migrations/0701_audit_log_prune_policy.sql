-- The retention prune (prune_audit_log, 0700) deletes as the owner role. Row-level security is
-- forced on audit_log, so an owner role that is not a superuser (no BYPASSRLS) would find no row
-- to delete: a DELETE with a WHERE needs the rows visible to a SELECT policy too. These policies
-- let the prune through, for the owner role only (the role running this migration: never the
-- app role, which could set the flag itself but has no policy here and no DELETE privilege).
do $$
begin
  execute format(
    'create policy audit_log_prune_read on audit_log for select to %I using (current_setting(''app.audit_prune'', true) = ''on'')',
    current_user);
  execute format(
    'create policy audit_log_prune on audit_log for delete to %I using (current_setting(''app.audit_prune'', true) = ''on'')',
    current_user);
end $$;
