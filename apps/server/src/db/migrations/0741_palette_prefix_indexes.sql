-- The command palette (issue 14) looks for contacts whose name starts with what was typed
-- first: a btree range over the lower-case text reads a handful of rows however common the
-- prefix ("smi" matches 1% of a million contacts; the trigram index would first collect them
-- all). search_text starts with the first name; the last name has its own. Under row-level
-- security the planner may use them because LIKE is marked leakproof (migration 0100).
create index contacts_search_prefix_idx on contacts (workspace_id, search_text text_pattern_ops);
create index contacts_last_name_prefix_idx on contacts (workspace_id, lower(last_name) text_pattern_ops);
create index companies_search_prefix_idx on companies (workspace_id, search_text text_pattern_ops);
