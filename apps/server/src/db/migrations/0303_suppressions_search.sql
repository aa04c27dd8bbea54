-- Searching the suppression list (value or note, any part, any case) with a trigram index
-- (pg_trgm comes with migration 0100): 100,000 entries answer in milliseconds, not a scan.
create index suppressions_search_idx on suppressions using gin (lower(value || ' ' || coalesce(note, '')) gin_trgm_ops);
