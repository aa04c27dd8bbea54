-- Search of the suppression list, take two: under row-level security a condition can use an
-- index only when its functions are leakproof, and the concatenation inside the expression index
-- of 0303 is not. A stored search column (as contacts and companies have) with a trigram index
-- leaves only LIKE (leakproof) in the condition.
drop index if exists suppressions_search_idx;
alter table suppressions add column search_text text generated always as (lower(value || ' ' || coalesce(note, ''))) stored;
create index suppressions_search_idx on suppressions using gin (search_text gin_trgm_ops);
