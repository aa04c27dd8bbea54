-- The suppression list (PRODUCT.md section 6): emails, whole domains and SHA-256 hashes of
-- normalised emails that nobody in the workspace may contact or export.
-- Matching (incl. subdomains) is in modules/suppressions/suppression-match.ts and
-- docs/decisions/0005-suppression-matching.md.

create table suppressions (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  id uuid not null,
  kind text not null check (kind in ('email', 'domain', 'hash')),
  -- normalised by the API: lower-case email with a punycode domain, bare punycode domain, or 64 hex
  value text not null,
  reason text not null default 'other'
    check (reason in ('requested_opt_out', 'bounced', 'customer', 'competitor', 'legal', 'other')),
  note text,
  added_by uuid,
  created_at timestamptz not null default now(),
  primary key (workspace_id, id),
  -- serves every lookup of the check: (workspace, kind, value) equality
  constraint suppressions_value_unique unique (workspace_id, kind, value),
  -- the kinds can't overlap, so a value means one thing only
  constraint suppressions_value_shape check (
    (kind = 'email' and value like '_%@_%' and value = lower(value))
    or (kind = 'domain' and value ~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$')
    or (kind = 'hash' and value ~ '^[0-9a-f]{64}$')
  ),
  constraint suppressions_note_length check (char_length(note) <= 500),
  foreign key (workspace_id, added_by) references members (workspace_id, id) on delete set null (added_by)
);

grant select, insert, update, delete on suppressions to leadtrail_app;
alter table suppressions enable row level security;
alter table suppressions force row level security;
create policy suppressions_tenant on suppressions
  using (workspace_id = app_workspace_id())
  with check (workspace_id = app_workspace_id());
