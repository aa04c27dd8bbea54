-- Processing attempts of an import since it last committed progress (decision 0016). Counted
-- in its own committed transaction before processing starts: an import whose processing took
-- the server down twice without progress is failed with its reason instead of resumed forever.
alter table imports add column attempts integer not null default 0;
