import {
  emailStatusLabels,
  emailStatuses,
  employeeRanges,
  prospectDepartmentLabels,
  prospectDepartments,
  revenueRangeLabels,
  revenueRanges,
  seniorities,
  seniorityLabels,
  type FacetBucket,
  type ProspectFacets,
} from '@leadtrail/contracts';
import { Accordion, Badge, Group, Paper, SegmentedControl, Stack, Switch, TagsInput, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { activeFilterCount, emptySearch, toggleValue, type ListKey, type ProspectSearch } from '../utils/prospect-search';
import { DebouncedInput } from './debounced-input';
import { FiltersHeading } from './filters-heading';
import { enumOptions, FacetCheckboxes, FacetCount, openOptions } from './facet-options';

type FilterPanelProps = {
  search: ProspectSearch;
  onChange: (search: ProspectSearch) => void;
  facets: ProspectFacets | undefined;
  loading: boolean;
};

const n = new Intl.NumberFormat();

const boolCount = (buckets: FacetBucket[] | undefined, value: 'true' | 'false') =>
  buckets ? (buckets.find((b) => b.value === value)?.count ?? 0) : null;

/** A choice's name over its count: both stay whole however narrow the panel is. */
const withCount = (text: string, count: number | null) => (
  <Stack gap={0} align="center">
    <span>{text}</span>
    <FacetCount count={count} />
  </Stack>
);

/** "Any · With (N) · Without (M)" for has email / has phone. */
function HasFilter({ label, value, buckets, onChange }: { label: string; value: boolean | null; buckets: FacetBucket[] | undefined; onChange: (v: boolean | null) => void }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600} id={`has-${label}`}>
        {label}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={`has-${label}`}
        value={value === null ? 'any' : String(value)}
        onChange={(v) => onChange(v === 'any' ? null : v === 'true')}
        data={[
          { value: 'any', label: 'Any' },
          { value: 'true', label: withCount('Yes', boolCount(buckets, 'true')) },
          { value: 'false', label: withCount('No', boolCount(buckets, 'false')) },
        ]}
        fullWidth
      />
    </Stack>
  );
}

/** One collapsible group of filters; its title says how many of them are chosen. */
function FilterSection({ value, title, chosen, children }: { value: string; title: string; chosen: number; children: ReactNode }) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>
        <Group gap={6}>
          <Text size="sm">{title}</Text>
          {chosen > 0 && (
            <Badge size="xs" variant="filled" circle aria-label={`${chosen} chosen`}>
              {chosen}
            </Badge>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

/** The search's filters in collapsible sections, each value with its count for the current search. */
export function FilterPanel({ search, onChange, facets, loading }: FilterPanelProps) {
  const f = facets?.facets;
  const toggle = (key: ListKey) => (value: string) => onChange(toggleValue(search, key, value));
  const set = <K extends keyof ProspectSearch>(key: K) => (value: ProspectSearch[K]) => onChange({ ...search, [key]: value });
  const active = activeFilterCount(search);

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Filters">
      <Stack gap="sm">
        <FiltersHeading active={active} keywords={!!search.q} onClear={() => onChange({ ...emptySearch, scope: search.scope })} />
        <DebouncedInput
          label="Name or keywords"
          placeholder="e.g. Jane, robotics"
          size="xs"
          value={search.q}
          onCommit={set('q')}
        />
        <Accordion multiple defaultValue={['title', 'seniority', 'department', 'company', 'location', 'email']} variant="default" chevronPosition="right">
          <FilterSection value="title" title="Job title" chosen={search.titles.length}>
            <TagsInput
              label="Job title contains any of"
              description="Press Enter after each title"
              placeholder="e.g. sales director"
              size="xs"
              value={search.titles}
              onChange={set('titles')}
              clearable
            />
          </FilterSection>
          <FilterSection value="seniority" title="Seniority" chosen={search.seniority.length}>
            <FacetCheckboxes label="Seniority" options={enumOptions(seniorities, seniorityLabels, f?.seniority)} selected={search.seniority} onToggle={toggle('seniority')} limit={11} loading={loading} />
          </FilterSection>
          <FilterSection value="department" title="Department" chosen={search.department.length}>
            <FacetCheckboxes label="Department" options={enumOptions(prospectDepartments, prospectDepartmentLabels, f?.department)} selected={search.department} onToggle={toggle('department')} limit={14} loading={loading} />
          </FilterSection>
          <FilterSection value="company" title="Company" chosen={[search.companyName, search.companyDomain].filter((v) => v.trim()).length + (search.companyDomains.length > 0 ? 1 : 0) + search.industry.length + search.employeeRange.length + search.revenueRange.length}>
            <Stack gap="sm">
              <DebouncedInput label="Company name contains" size="xs" value={search.companyName} onCommit={set('companyName')} />
              <DebouncedInput label="Company domain contains" placeholder="e.g. acme" size="xs" value={search.companyDomain} onCommit={set('companyDomain')} />
              {/* exact domains: what the Companies tab's "find people" sets (editable here) */}
              <TagsInput
                label="At these companies"
                description="Company domains; press Enter after each"
                placeholder={search.companyDomains.length ? undefined : 'e.g. acme.com'}
                size="xs"
                value={search.companyDomains}
                onChange={set('companyDomains')}
                clearable
              />
              <FacetCheckboxes heading label="Industry" options={openOptions(f?.industry, search.industry)} selected={search.industry} onToggle={toggle('industry')} loading={loading} />
              <FacetCheckboxes heading label="Employees" options={enumOptions(employeeRanges, null, f?.employeeRange)} selected={search.employeeRange} onToggle={toggle('employeeRange')} limit={8} loading={loading} />
              <FacetCheckboxes heading label="Annual revenue" options={enumOptions(revenueRanges, revenueRangeLabels, f?.revenueRange)} selected={search.revenueRange} onToggle={toggle('revenueRange')} limit={7} loading={loading} />
            </Stack>
          </FilterSection>
          <FilterSection value="location" title="Location" chosen={search.country.length + [search.region, search.city].filter((v) => v.trim()).length}>
            <Stack gap="sm">
              <FacetCheckboxes heading label="Country" options={openOptions(f?.country, search.country)} selected={search.country} onToggle={toggle('country')} loading={loading} />
              <DebouncedInput label="Region or state" size="xs" value={search.region} onCommit={set('region')} />
              <DebouncedInput label="City" size="xs" value={search.city} onCommit={set('city')} />
            </Stack>
          </FilterSection>
          <FilterSection value="email" title="Email and phone" chosen={search.emailStatus.length + (search.hasEmail === null ? 0 : 1) + (search.hasPhone === null ? 0 : 1)}>
            <Stack gap="sm">
              <HasFilter label="Has email" value={search.hasEmail} buckets={f?.hasEmail} onChange={set('hasEmail')} />
              <HasFilter label="Has phone" value={search.hasPhone} buckets={f?.hasPhone} onChange={set('hasPhone')} />
              <FacetCheckboxes heading label="Email status" options={enumOptions(emailStatuses, emailStatusLabels, f?.emailStatus)} selected={search.emailStatus} onToggle={toggle('emailStatus')} limit={4} loading={loading} />
            </Stack>
          </FilterSection>
        </Accordion>
        <Switch
          size="xs"
          label={`Show suppressed people${facets ? ` (${n.format(facets.totals.suppressed)})` : ''}`}
          description="People on your suppression list can't be revealed"
          checked={search.includeSuppressed}
          onChange={(e) => set('includeSuppressed')(e.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
