-- The invitation link's token hash moves onto the invitation row, under row-level
-- security like every table with a workspace_id (0200 kept it in a side table).
-- A link is resolved before any workspace is known: the lookup sets
-- app.invitation_token to the hash (transaction-locally) and this policy lets it
-- see that one row, in whatever role the app runs.
alter table invitations add column token_hash text;
update invitations i set token_hash = t.token_hash
  from (select distinct on (invitation_id) invitation_id, workspace_id, token_hash
          from invitation_tokens order by invitation_id, created_at desc) t
  where t.invitation_id = i.id and t.workspace_id = i.workspace_id;
create unique index invitations_token_hash on invitations (token_hash);
drop table invitation_tokens;

create policy invitations_by_token on invitations for select
  using (token_hash = nullif(current_setting('app.invitation_token', true), ''));
