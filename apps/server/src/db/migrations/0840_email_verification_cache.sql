-- Issue 24: the email verifier's cache (modules/verification, decision 0030). A result is a fact
-- about the address and a domain's mail set-up a fact about the domain, not a workspace's data:
-- shared by every workspace of the deployment, so no workspace_id and no row-level security
-- (like login_throttles). Written and read only by modules/verification/verification.repository.ts.

-- One row per address (lower case, punycode domain): its last result, fresh for 30 days.
-- Only settled answers and greylisting in progress are kept; timeouts and blocks are not.
create table email_verifications (
  address text primary key,
  status text not null check (status in ('valid', 'risky', 'invalid', 'unknown')),
  reason text check (reason in ('syntax', 'no_domain', 'no_mx', 'null_mx', 'disposable', 'role', 'webmail',
                                'mailbox_not_found', 'mailbox_full', 'accept_all', 'greylisted', 'timeout', 'blocked')),
  checked_at timestamptz not null,
  -- greylisting: the first temporary answer, how many so far, and when to ask again
  -- (retry_at null: settled, no retry due)
  greylisted_since timestamptz,
  attempts integer not null default 0,
  retry_at timestamptz,
  constraint email_verifications_greylist check ((retry_at is null) or (greylisted_since is not null))
);
-- the pruning of results past their 30 days
create index email_verifications_checked_at on email_verifications (checked_at);
grant select, insert, update, delete on email_verifications to leadtrail_app;

-- One row per domain: what DNS said (7 days) and whether it accepts any mailbox (7 days).
create table email_domains (
  domain text primary key,
  dns text not null check (dns in ('mx', 'no_domain', 'no_mx', 'null_mx')),
  -- the exchangers by priority, [{name, priority, addresses}], when dns = 'mx'
  mx jsonb,
  -- no MX published: the domain's own A/AAAA (RFC 5321 5.1)
  mx_implicit boolean not null default false,
  checked_at timestamptz not null,
  -- null: not known (never probed, or the probe got no answer)
  accept_all boolean,
  accept_all_checked_at timestamptz,
  constraint email_domains_mx check ((dns = 'mx') = (mx is not null))
);
create index email_domains_checked_at on email_domains (checked_at);
grant select, insert, update, delete on email_domains to leadtrail_app;
