import { employeeRanges, revenueRangeLabels, revenueRanges, type ProspectCompanyFacets } from '@leadtrail/contracts';
import { Paper, Stack } from '@mantine/core';
import { companyFilterCount, emptyCompanySearch, toggleCompanyValue, type CompanyListKey, type CompanySearch } from '../utils/company-search';
import { DebouncedInput } from './debounced-input';
import { FiltersHeading } from './filters-heading';
import { enumOptions, FacetCheckboxes, openOptions } from './facet-options';

type CompanyFilterPanelProps = {
  search: CompanySearch;
  onChange: (search: CompanySearch) => void;
  facets: ProspectCompanyFacets | undefined;
  loading: boolean;
};

/** The Companies tab's filters: keywords, then industry, size, revenue and country, each value with its count. */
export function CompanyFilterPanel({ search, onChange, facets, loading }: CompanyFilterPanelProps) {
  const f = facets?.facets;
  const toggle = (key: CompanyListKey) => (value: string) => onChange(toggleCompanyValue(search, key, value));
  const active = companyFilterCount(search);
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Company filters">
      <Stack gap="sm">
        <FiltersHeading active={active} keywords={!!search.q} onClear={() => onChange({ ...emptyCompanySearch, scope: search.scope, sort: search.sort })} />
        <DebouncedInput label="Company name or domain" placeholder="e.g. acme" size="xs" value={search.q} onCommit={(q) => onChange({ ...search, q })} />
        <FacetCheckboxes heading label="Industry" options={openOptions(f?.industry, search.industry)} selected={search.industry} onToggle={toggle('industry')} loading={loading} />
        <FacetCheckboxes heading label="Employees" options={enumOptions(employeeRanges, null, f?.employeeRange)} selected={search.employeeRange} onToggle={toggle('employeeRange')} limit={8} loading={loading} />
        <FacetCheckboxes heading label="Annual revenue" options={enumOptions(revenueRanges, revenueRangeLabels, f?.revenueRange)} selected={search.revenueRange} onToggle={toggle('revenueRange')} limit={7} loading={loading} />
        <FacetCheckboxes heading label="Country" options={openOptions(f?.country, search.country)} selected={search.country} onToggle={toggle('country')} loading={loading} />
      </Stack>
    </Paper>
  );
}
