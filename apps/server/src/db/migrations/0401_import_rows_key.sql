-- Imports write while they read (issue 6): each write batch finds the rows of its batch that
-- repeat an earlier row of the file by identity. The row number is in the index so that this
-- probe (same key, lower row number) is answered by the index alone; without it the planner
-- may walk the primary key over every earlier row instead, per row of the batch.
create index import_rows_key_idx on import_rows (workspace_id, import_id, key, row_no) where key is not null;
