-- Issue 13 (grid at a million): "country is France AND last name starts with Mil" read every
-- contact of the last-name prefix (~10,000 at a million, each a heap fetch) to keep the French
-- ones: p95 600-960 ms. The country index gains the lowered last name as a third column
-- (text_pattern_ops: a prefix is a range), so the pair is one index range of the ~500 matches
-- (~7 ms at a million, loaded machine; was ~300 ms). It replaces the country index rather than
-- adding one: country equality (filters, counts index-only with country included, facet values)
-- still uses its leading columns, and a bulk import maintains no extra index.
create index contacts_country_last_name_idx on contacts (workspace_id, lower(country), lower(last_name) text_pattern_ops) include (country);
drop index if exists contacts_country_idx;
