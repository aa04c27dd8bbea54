-- List memberships without per-row foreign-key checks (issue 5).
--
-- Adding 100,000 members by filter must take one statement well under 2 s. A foreign key costs
-- a lookup per inserted row, and the one to contacts also locks every referenced contact row
-- (FOR KEY SHARE dirties 100,000 heap pages): the four keys made the INSERT 6x slower than the
-- insert itself (see bench/lists.bench.ts). Their jobs are done set-based instead:
--  - "delete the memberships of deleted contacts / companies / lists": statement-level triggers
--    with transition tables (one DELETE … USING per statement, also cheaper than a cascade per row
--    for a bulk delete of contacts);
--  - "a member points at an existing list": the add locks the list row once (FOR NO KEY UPDATE) before
--    its INSERT … SELECT, so a concurrent list deletion waits or wins cleanly;
--  - "a member points at an existing record of the workspace": rows are only ever inserted from a
--    SELECT on contacts / companies of the same workspace. A record deleted while that INSERT runs
--    can leave a row behind; grids never show it (they read the records), only memberCount counts it.
--  - workspace deletion cascades through lists, contacts and companies to these triggers;
--  - added_by is informational (members are deactivated, never deleted).

alter table list_contacts
  drop constraint list_contacts_workspace_id_fkey,
  drop constraint list_contacts_workspace_id_list_id_fkey,
  drop constraint list_contacts_workspace_id_contact_id_fkey,
  drop constraint list_contacts_workspace_id_added_by_fkey;

alter table list_companies
  drop constraint list_companies_workspace_id_fkey,
  drop constraint list_companies_workspace_id_list_id_fkey,
  drop constraint list_companies_workspace_id_company_id_fkey,
  drop constraint list_companies_workspace_id_added_by_fkey;

-- run as the caller (row-level security applies: a workspace's delete only reaches its own rows)
create or replace function lists_forget_deleted_contacts() returns trigger language plpgsql as $$
begin
  delete from list_contacts m using gone g where m.workspace_id = g.workspace_id and m.contact_id = g.id;
  return null;
end $$;

create or replace function lists_forget_deleted_companies() returns trigger language plpgsql as $$
begin
  delete from list_companies m using gone g where m.workspace_id = g.workspace_id and m.company_id = g.id;
  return null;
end $$;

create or replace function lists_forget_deleted_lists() returns trigger language plpgsql as $$
begin
  delete from list_contacts m using gone g where m.workspace_id = g.workspace_id and m.list_id = g.id;
  delete from list_companies m using gone g where m.workspace_id = g.workspace_id and m.list_id = g.id;
  return null;
end $$;

create trigger contacts_leave_lists after delete on contacts
  referencing old table as gone for each statement execute function lists_forget_deleted_contacts();
create trigger companies_leave_lists after delete on companies
  referencing old table as gone for each statement execute function lists_forget_deleted_companies();
create trigger lists_drop_members after delete on lists
  referencing old table as gone for each statement execute function lists_forget_deleted_lists();
