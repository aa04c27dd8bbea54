-- "Job title contains" matches from the start of a title's words through the keywords' GIN
-- index (modules/prospects/prospects.repository.ts), so the title's trigram index, the
-- slowest of the generator's index builds (25 s at 1,000,000 people), goes.
drop index if exists prospect_people_title_trgm_idx;
