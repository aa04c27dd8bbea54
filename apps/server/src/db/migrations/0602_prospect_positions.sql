-- Each person's position in its load (0..n-1, written by the generator and the loader): the
-- facet counter keeps the facet columns in memory as arrays indexed by it
-- (modules/prospects/prospect-facet-index.ts, docs/decisions/0017).
alter table prospect_people add column pos integer;
create unique index prospect_people_pos_idx on prospect_people (pos);
