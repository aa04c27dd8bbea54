-- Issue 26 (docs/decisions/0037): likely duplicate contacts found by indexed keys (the same
-- normalised full name at the same company, the same phone, the same LinkedIn URL), pairs a
-- user said are not duplicates, and bulk merges kept for their undo.

-- The full name as the duplicates view compares it: trimmed, spaces collapsed, lower case;
-- null when the contact has no name.
create or replace function contact_name_key(first_name text, last_name text) returns text
  language sql immutable parallel safe as $$
    select nullif(lower(regexp_replace(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), '\s+', ' ', 'g')), '')
  $$;

-- a group by (company, name) reads this index in order (no sort, no scan of the table)
create index contacts_name_company_key_idx on contacts (workspace_id, company_id, contact_name_key(first_name, last_name), id)
  where company_id is not null and (first_name is not null or last_name is not null);
-- a contact's numbers are E.164 (entities/contact.ts): equal numbers are equal strings
create index contacts_work_phone_idx on contacts (workspace_id, work_phone, id) where work_phone is not null;
create index contacts_mobile_phone_idx on contacts (workspace_id, mobile_phone, id) where mobile_phone is not null;
create index contacts_other_phone_idx on contacts (workspace_id, other_phone, id) where other_phone is not null;
-- (workspace_id, linkedin_url) exists since 0600: contacts_linkedin_url_idx

-- "Not duplicates": a pair, smaller id first, stays out of the view; goes with either contact.
create table contact_duplicate_dismissals (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  contact_a uuid not null,
  contact_b uuid not null,
  dismissed_by uuid,
  created_at timestamptz not null default now(),
  primary key (workspace_id, contact_a, contact_b),
  check (contact_a < contact_b),
  foreign key (workspace_id, contact_a) references contacts (workspace_id, id) on delete cascade,
  foreign key (workspace_id, contact_b) references contacts (workspace_id, id) on delete cascade,
  foreign key (workspace_id, dismissed_by) references members (workspace_id, id) on delete set null (dismissed_by)
);
grant select, insert, delete on contact_duplicate_dismissals to leadtrail_app;
alter table contact_duplicate_dismissals enable row level security;
alter table contact_duplicate_dismissals force row level security;
create policy contact_duplicate_dismissals_tenant on contact_duplicate_dismissals
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- A merge of duplicates (one pair or up to a page of them), with what its undo needs: per pair
-- both full rows before, and what moved from the merged contact to the kept one (items).
create table contact_merges (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  member_id uuid,
  merged integer not null,
  skipped integer not null default 0,
  items jsonb not null,
  created_at timestamptz not null default now(),
  undone_at timestamptz,
  undone_by uuid,
  primary key (workspace_id, id),
  foreign key (workspace_id, member_id) references members (workspace_id, id) on delete set null (member_id),
  foreign key (workspace_id, undone_by) references members (workspace_id, id) on delete set null (undone_by)
);
create index contact_merges_recent_idx on contact_merges (workspace_id, created_at desc);
grant select, insert, update on contact_merges to leadtrail_app;
alter table contact_merges enable row level security;
alter table contact_merges force row level security;
create policy contact_merges_tenant on contact_merges
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());
