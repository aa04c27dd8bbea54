-- Memberships change in large steps (100,000 rows in one add). The planner must know a list's
-- size at once to choose between walking a small list and probing a large one while walking the
-- grid's order; the add itself asks for ANALYZE after a large step (lists.repository.ts), and
-- autovacuum re-analyzes after smaller ones sooner than its 10% default.
alter table list_contacts set (autovacuum_analyze_scale_factor = 0.01, autovacuum_analyze_threshold = 500);
alter table list_companies set (autovacuum_analyze_scale_factor = 0.01, autovacuum_analyze_threshold = 500);
