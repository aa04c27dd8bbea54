-- Decision 0037, measured (bench/duplicates.bench.ts, 100k contacts): grouping by the expression
-- index of 0920 read every row of the table (an expression can't come from an index-only scan)
-- and recomputed the key per row: ~0.8 s. The key is stored once per write instead, and the
-- index holds it: the group by reads the index alone.
alter table contacts add column name_key text generated always as (contact_name_key(first_name, last_name)) stored;
drop index contacts_name_company_key_idx;
create index contacts_name_key_idx on contacts (workspace_id, company_id, name_key, id)
  where company_id is not null and name_key is not null;
