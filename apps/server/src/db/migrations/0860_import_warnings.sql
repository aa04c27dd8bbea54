-- Imports keep rows for their optional cells (issue 23): a cell that can't be used is left
-- empty and kept as a warning beside the row's errors; the import counts the rows with one.
-- A warning row's record is kept too, so the report can be fixed and uploaded again.

alter table import_errors
  add column kind text not null default 'error' check (kind in ('error', 'warning'));

alter table imports add column warnings_count integer not null default 0;
