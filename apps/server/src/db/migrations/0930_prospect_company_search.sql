-- The Companies tab of the prospect database (issue 26): searching prospect_companies itself
-- (docs/decisions/0038-prospect-companies-search.md). The table is read-only to the app and
-- replaced by the loaders, which drop and recreate every index of it around a load (from its
-- own definitions), so these survive loads.

-- keywords: every word must start a word of the name or of the domain ("acme" finds
-- "Acme Robotics" and acme-robotics.example); the same expression is in the query
create index prospect_companies_search_idx on prospect_companies using gin (
  to_tsvector('simple', name || ' ' || regexp_replace(domain, '[.-]', ' ', 'g'))
);
-- filters (text ones compare lower(), as the filter compiler does)
create index prospect_companies_industry_idx on prospect_companies (lower(industry));
create index prospect_companies_employee_range_idx on prospect_companies (employee_range);
create index prospect_companies_revenue_range_idx on prospect_companies (revenue_range);
create index prospect_companies_country_idx on prospect_companies (lower(country));
-- the two orders a page is read in (keyset: value, then id)
-- (size: unknown sizes last in the descending order, as -1)
create index prospect_companies_size_idx on prospect_companies ((coalesce(employee_count, -1)), id);
create index prospect_companies_name_idx on prospect_companies (name, id);
-- "already mine": the workspace's companies by domain, probed from its side
-- (companies_domain_unique (workspace_id, domain) already serves it)
