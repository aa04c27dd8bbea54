-- The prospect database (PRODUCT.md section 4): people and their companies, shared by every
-- workspace and read-only to the app's role; the generator and the loader
-- (modules/prospects/cli) write them as the owner. A workspace's reveals are its own table.
-- Why the columns and indexes look like this: docs/decisions/0017-prospect-search-and-facets.md.

create table prospect_companies (
  id uuid primary key,
  name text not null,
  -- lower-case; reserved .example domains for generated data
  domain text not null,
  industry text,
  employee_count integer,
  employee_range text check (employee_range in ('1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000',
                                                '5001-10000', '10001+')),
  -- annual revenue, USD
  revenue bigint,
  revenue_range text check (revenue_range in ('<1M', '1M-10M', '10M-50M', '50M-100M', '100M-500M', '500M-1B', '1B+')),
  city text,
  region text,
  country text,
  constraint prospect_companies_domain_unique unique (domain)
);

-- The company's searchable fields are copied onto each person (the data is loaded in bulk and
-- never edited in place), so a search filters and counts one table without a join.
create table prospect_people (
  id uuid primary key,
  first_name text,
  last_name text,
  title text,
  seniority text check (seniority in ('owner', 'founder', 'c_suite', 'partner', 'vp', 'head', 'director', 'manager',
                                      'senior', 'entry', 'intern')),
  department text check (department in ('c_suite', 'product', 'engineering', 'design', 'education', 'finance',
                                        'human_resources', 'it', 'legal', 'marketing', 'medical', 'operations', 'sales',
                                        'consulting')),
  -- normalised (trimmed, lower-case), as contacts.email
  email text,
  -- null exactly when there is no email
  email_status text check (email_status in ('valid', 'risky', 'invalid', 'unknown')),
  -- E.164
  phone text,
  linkedin_url text,
  city text,
  region text,
  country text,
  -- no foreign key: both tables are replaced together by the loaders, which keep them consistent
  company_id uuid,
  company_name text,
  company_domain text,
  industry text,
  employee_range text,
  revenue_range text,
  has_email boolean generated always as (email is not null) stored,
  has_phone boolean generated always as (phone is not null) stored,
  -- keywords: words of the name, title and company name ('simple': no stemming, no stop words)
  search tsvector generated always as (
    to_tsvector('simple', coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(title, '')
                          || ' ' || coalesce(company_name, ''))
  ) stored,
  constraint prospect_people_email_status check ((email is null) = (email_status is null))
);

-- Filters: one btree per facet field, combined by bitmap AND/OR (text filters compare lower()).
create index prospect_people_seniority_idx on prospect_people (seniority);
create index prospect_people_department_idx on prospect_people (department);
create index prospect_people_industry_idx on prospect_people (lower(industry));
create index prospect_people_employee_range_idx on prospect_people (employee_range);
create index prospect_people_revenue_range_idx on prospect_people (revenue_range);
create index prospect_people_country_idx on prospect_people (lower(country));
create index prospect_people_region_idx on prospect_people (lower(region));
create index prospect_people_city_idx on prospect_people (lower(city));
create index prospect_people_email_status_idx on prospect_people (email_status);
create index prospect_people_company_idx on prospect_people (company_id);
create index prospect_people_company_name_idx on prospect_people (lower(company_name));
create index prospect_people_company_domain_idx on prospect_people (lower(company_domain));
create index prospect_people_search_idx on prospect_people using gin (search);
-- "job title contains": trigram index answers ILIKE '%…%'
create index prospect_people_title_trgm_idx on prospect_people using gin (title gin_trgm_ops);
create index prospect_people_last_name_idx on prospect_people (last_name, id);
-- a workspace's own people and suppression entries, found from their side (few) by index probes:
-- contacts by email and LinkedIn URL, suppression entries by email, domain (and subdomains) and hash
create index prospect_people_email_idx on prospect_people (email) where email is not null;
create index prospect_people_linkedin_idx on prospect_people (linkedin_url) where linkedin_url is not null;
create index prospect_people_email_domain_rev_idx on prospect_people ((reverse(split_part(email, '@', 2)) collate "C"))
  where email is not null;
-- convert_to is only STABLE (encoding names could change); the database's encoding is fixed, so
-- the email's UTF-8 SHA-256 (as suppression hash entries hold it, in hex) is immutable here
create function prospect_email_sha256(email text) returns bytea
  language sql immutable parallel safe strict
  return sha256(convert_to(email, 'UTF8'));
create index prospect_people_email_sha256_idx on prospect_people (prospect_email_sha256(email)) where email is not null;

-- Facet counts of the empty search, refreshed by the generator and the loader after each load
-- (dimension 'total' holds the number of people under value '').
create table prospect_facet_counts (
  dimension text not null,
  value text not null,
  count bigint not null,
  primary key (dimension, value)
);

-- read-only to the app (default privileges would grant it everything)
revoke all on prospect_companies, prospect_people, prospect_facet_counts from leadtrail_app;
grant select on prospect_companies, prospect_people, prospect_facet_counts to leadtrail_app;

-- A workspace's reveals: what it paid for, once per person. Written by the reveal use case.
create table prospect_reveals (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  prospect_id uuid not null,
  email_revealed boolean not null default false,
  email_revealed_at timestamptz,
  phone_revealed boolean not null default false,
  phone_revealed_at timestamptz,
  -- the contact the reveal created or found (null once that contact is deleted: still revealed)
  contact_id uuid,
  revealed_by uuid,
  created_at timestamptz not null default now(),
  primary key (workspace_id, prospect_id),
  constraint prospect_reveals_email_at check (email_revealed = (email_revealed_at is not null)),
  constraint prospect_reveals_phone_at check (phone_revealed = (phone_revealed_at is not null)),
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete set null (contact_id),
  foreign key (workspace_id, revealed_by) references members (workspace_id, id) on delete set null (revealed_by)
);
create index prospect_reveals_contact_idx on prospect_reveals (workspace_id, contact_id) where contact_id is not null;

revoke all on prospect_reveals from leadtrail_app;
grant select, insert, update on prospect_reveals to leadtrail_app;
alter table prospect_reveals enable row level security;
alter table prospect_reveals force row level security;
create policy prospect_reveals_tenant on prospect_reveals
  using (workspace_id = app_workspace_id()) with check (workspace_id = app_workspace_id());

-- "already in my contacts" by LinkedIn URL: the marker of a page's rows probes it per row
create index if not exists contacts_linkedin_url_idx on contacts (workspace_id, linkedin_url) where linkedin_url is not null;
