-- Imports count the rows whose owner column names nobody among the active members (issue 26):
-- such a row is a warning, and options.unknownOwners says whether it got the import's owner
-- (the default, as before) or no owner (docs/decisions/0038-prospect-companies-search.md).
-- imports is already under row-level security (migration 0400).
alter table imports add column owners_not_members_count integer not null default 0;
