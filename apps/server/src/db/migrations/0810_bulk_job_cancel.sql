-- Issue 27 (finding 3): a bulk reveal can be cancelled (by its starter, an owner or an admin),
-- and stops at its next batch once its starter is deactivated or lacks the role to run it.
-- A cancelled job holds nothing: the reserve counts only queued and running jobs.
-- Design: docs/decisions/0027-bulk-jobs-and-reveal-life.md.
alter table reveal_jobs drop constraint reveal_jobs_status_check;
alter table reveal_jobs add constraint reveal_jobs_status_check
  check (status in ('queued', 'running', 'completed', 'failed', 'cancelled'));
alter table reveal_jobs
  add column stop_reason text check (stop_reason in ('cancelled', 'starter_deactivated', 'starter_role')),
  add column cancelled_by uuid,
  -- people a batch could not reveal (their own error): skipped, never charged, the batch went on
  add column failed integer not null default 0,
  add constraint reveal_jobs_stop_reason check ((status = 'cancelled') = (stop_reason is not null)),
  add constraint reveal_jobs_cancelled_by_fk foreign key (workspace_id, cancelled_by) references members (workspace_id, id);
