import { prospectScopeLabels, prospectScopes, revenueRangeLabels, type ProspectCompanyRow, type ProspectCompanySort, type ProspectScope } from '@leadtrail/contracts';
import { Anchor, Badge, Button, Checkbox, Drawer, Grid, Group, Paper, Select, Stack, Table, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { IconBuildingSkyscraper, IconFilter, IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { countText } from '../../../lib/count-text';
import { useCompanyFacets, useCompanySearch } from '../api/prospect-companies';
import { companyFilterCount, emptyCompanySearch, FIND_PEOPLE_MAX_COMPANIES, type CompanySearch } from '../utils/company-search';
import { noResultsAction } from './no-results-action';
import { ResultsSkeleton } from './results-skeleton';
import { CompanyFilterPanel } from './company-filter-panel';
import tableClasses from './prospects-table.module.css';

const n = new Intl.NumberFormat();
const companies = (count: number) => countText(count, { singular: 'company', plural: 'companies' });
const people = (count: number) => countText(count, { singular: 'person', plural: 'people' });

const sortOptions: { value: ProspectCompanySort; label: string }[] = [
  { value: '-employees', label: 'Biggest first' },
  { value: 'employees', label: 'Smallest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
];

type CompaniesTabProps = {
  search: CompanySearch;
  onChange: (search: CompanySearch) => void;
  /** Switches to the People tab, filtered to people at these companies (their domains). */
  onFindPeople: (domains: string[]) => void;
  /** Phone layout: the filters open in a drawer. */
  wide: boolean;
};

/** The Companies tab of prospects (issue 26): the prospect companies with facet counts, and "find people at these companies". */
export function CompaniesTab({ search, onChange, onFindPeople, wide }: CompaniesTabProps) {
  const results = useCompanySearch(search);
  const facets = useCompanyFacets(search);
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [filtersOpen, setFiltersOpen] = useState(false);
  const change = (next: CompanySearch) => {
    setSelected(new Map());
    onChange(next);
  };

  const rows = useMemo(() => results.data?.pages.flatMap((p) => p.data) ?? [], [results.data]);
  const totals = facets.data?.totals;
  const scopeCount = (scope: ProspectScope) => (totals ? (scope === 'all' ? totals.all : scope === 'net_new' ? totals.netNew : totals.mine) : null);
  const matching = scopeCount(search.scope);
  const filtered = companyFilterCount(search) > 0 || !!search.q.trim();

  // infinite scroll, as on the People tab
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const allOnPage = rows.length > 0 && rows.every((c) => selected.has(c.id));
  const tooMany = selected.size > FIND_PEOPLE_MAX_COMPANIES;
  // every company of the search is loaded and few enough: "find people" can take them all
  const wholeSearch = !results.hasNextPage && rows.length > 0 && rows.length <= FIND_PEOPLE_MAX_COMPANIES;
  const toggle = (c: ProspectCompanyRow, checked: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      if (checked) next.set(c.id, c.domain);
      else next.delete(c.id);
      return next;
    });

  const panel = <CompanyFilterPanel search={search} onChange={change} facets={facets.data} loading={facets.isFetching} />;

  return (
    <Grid gap="md" align="flex-start">
      {wide ? (
        <Grid.Col span={{ md: 4, lg: 3 }}>{panel}</Grid.Col>
      ) : (
        <Drawer opened={filtersOpen} onClose={() => setFiltersOpen(false)} title="Company filters" size="100%" closeButtonProps={{ 'aria-label': 'Close the filters' }}>
          <Stack gap="md">
            {panel}
            <Button onClick={() => setFiltersOpen(false)}>{matching === null ? 'Show companies' : `Show ${companies(matching)}`}</Button>
          </Stack>
        </Drawer>
      )}
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <Stack gap="sm">
          {!wide && (
            <Button variant="default" leftSection={<IconFilter size={16} aria-hidden="true" />} onClick={() => setFiltersOpen(true)}>
              {companyFilterCount(search) > 0 ? `Filters (${companyFilterCount(search)})` : 'Filters'}
            </Button>
          )}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" aria-live="polite" data-testid="company-totals">
              {totals ? (
                <>
                  <b>{companies(totals.all)}</b> · {n.format(totals.netNew)} net new · {n.format(totals.mine)} already mine
                </>
              ) : facets.isError ? (
                <>
                  The counts could not be loaded: {errorMessage(facets.error)}{' '}
                  <Button variant="subtle" size="compact-xs" onClick={() => void facets.refetch()}>
                    Retry
                  </Button>
                </>
              ) : (
                'Counting…'
              )}
            </Text>
            <Group gap="xs" wrap="nowrap">
              {wholeSearch && selected.size === 0 && (
                <Button size="compact-sm" variant="light" leftSection={<IconUsers size={14} aria-hidden="true" />} onClick={() => onFindPeople(rows.map((c) => c.domain))}>
                  Find people at {rows.length === 1 ? 'this company' : `these ${n.format(rows.length)} companies`}
                </Button>
              )}
              <Select
                size="xs"
                w={150}
                label="Sort"
                aria-label="Sort the companies"
                styles={{ label: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } }}
                data={sortOptions}
                value={search.sort}
                allowDeselect={false}
                onChange={(v) => v && change({ ...search, sort: v as ProspectCompanySort })}
              />
            </Group>
          </Group>

          <Tabs value={search.scope} onChange={(v) => v && change({ ...search, scope: v as ProspectScope })}>
            <Tabs.List aria-label="Which companies">
              {prospectScopes.map((scope) => (
                <Tabs.Tab key={scope} value={scope}>
                  {prospectScopeLabels[scope]}
                  {scopeCount(scope) !== null && ` (${n.format(scopeCount(scope)!)})`}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>

          {selected.size > 0 && (
            <Paper withBorder radius="md" p="xs" bg="var(--mantine-primary-color-light)" role="region" aria-label="Company actions">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Text size="sm" fw={600} data-testid="company-selection-count">
                    {companies(selected.size)} selected
                  </Text>
                  <Button variant="subtle" size="compact-sm" color="gray" onClick={() => setSelected(new Map())}>
                    Clear selection
                  </Button>
                </Group>
                <Group gap="xs">
                  {tooMany && (
                    <Text size="xs" c="red.8">
                      Choose at most {n.format(FIND_PEOPLE_MAX_COMPANIES)} companies to find their people
                    </Text>
                  )}
                  <Button size="compact-sm" leftSection={<IconUsers size={14} aria-hidden="true" />} disabled={tooMany} onClick={() => onFindPeople([...selected.values()])}>
                    Find people at these companies
                  </Button>
                </Group>
              </Group>
            </Paper>
          )}

          {results.isError ? (
            <RetryAlert title="The company search could not run" error={results.error} onRetry={() => void results.refetch()} />
          ) : results.isPending ? (
            <ResultsSkeleton label="Loading companies" subline="30%" columns={['15%', '15%', '10%']} />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<IconBuildingSkyscraper size={28} aria-hidden="true" />}
              title={search.scope === 'mine' ? 'None of these companies is in your companies yet' : 'No company matches this search'}
              text={
                filtered
                  ? 'Remove a filter or widen one (another industry, more countries, a shorter name) to see more companies. The counts beside each value show what a click will add.'
                  : search.scope === 'mine'
                    ? 'Companies you add or import with the same domain as a company here show in this tab.'
                    : 'The prospect database holds no companies yet.'
              }
              action={
                noResultsAction({
                  filtered,
                  scoped: search.scope !== 'all',
                  everyone: 'Show all companies',
                  onClear: () => change({ ...emptyCompanySearch, scope: search.scope, sort: search.sort }),
                  onShowAll: () => change({ ...search, scope: 'all' }),
                })
              }
            />
          ) : (
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={720}>
                <Table className={tableClasses.table} verticalSpacing="xs" highlightOnHover stickyHeader aria-label="Companies matching the search" aria-busy={results.isFetching}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th className={tableClasses.select}>
                        <Checkbox
                          size="sm"
                          aria-label="Select every company shown"
                          checked={allOnPage}
                          indeterminate={!allOnPage && selected.size > 0}
                          onChange={(e) => setSelected(e.currentTarget.checked ? new Map(rows.map((c) => [c.id, c.domain])) : new Map())}
                        />
                      </Table.Th>
                      <Table.Th w="28%">Company</Table.Th>
                      <Table.Th w="20%">Industry</Table.Th>
                      <Table.Th w="16%">Size and revenue</Table.Th>
                      <Table.Th>Location</Table.Th>
                      <Table.Th w={90} ta="right">
                        People
                      </Table.Th>
                      <Table.Th className={tableClasses.actions}>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((c) => (
                      <CompanyRow key={c.id} company={c} selected={selected.has(c.id)} onSelect={(checked) => toggle(c, checked)} onFindPeople={() => onFindPeople([c.domain])} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <div ref={sentinel} />
              <Group justify="center" p="sm">
                {results.hasNextPage ? (
                  <Button variant="subtle" size="xs" loading={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
                    Load more companies
                  </Button>
                ) : (
                  <Text size="xs" c="dimmed">
                    {companies(rows.length)} shown: the end of this search
                  </Text>
                )}
              </Group>
            </Paper>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function CompanyRow({ company: c, selected, onSelect, onFindPeople }: { company: ProspectCompanyRow; selected: boolean; onSelect: (checked: boolean) => void; onFindPeople: () => void }) {
  const location = [c.city, c.region, c.country].filter(Boolean).join(', ');
  const size = [c.employeeRange ? `${c.employeeRange} employees` : null, c.revenueRange ? revenueRangeLabels[c.revenueRange] : null].filter(Boolean);
  return (
    <Table.Tr data-testid={`company-${c.domain}`} data-selected={selected || undefined} bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td className={tableClasses.select}>
        <Checkbox aria-label={`Select ${c.name}`} checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} size="sm" />
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} truncate="end" title={c.name} miw={0}>
              {c.name}
            </Text>
            {c.companyId && (
              <Badge size="xs" variant="light" color="green" tt="none" style={{ flexShrink: 0 }}>
                Already mine
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate="end" title={c.domain}>
            {c.domain}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate="end" title={c.industry ?? undefined}>
          {c.industry ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          {size.length ? (
            size.map((s) => (
              <Text key={s} size="xs" truncate="end">
                {s}
              </Text>
            ))
          ) : (
            <Text size="xs" c="dimmed">
              —
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c={location ? undefined : 'dimmed'} truncate="end" title={location || undefined}>
          {location || '—'}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }} aria-label={people(c.peopleCount)}>
          {n.format(c.peopleCount)}
        </Text>
      </Table.Td>
      <Table.Td className={tableClasses.actions}>
        <Group gap={6} wrap="nowrap" justify="flex-end">
          {c.companyId && (
            <Anchor component={Link} to={`/my-contacts/companies/${c.companyId}`} size="xs" aria-label={`Open ${c.name} in your companies`}>
              Open
            </Anchor>
          )}
          <Button size="compact-xs" variant="light" disabled={c.peopleCount === 0} onClick={onFindPeople} aria-label={`Find people at ${c.name}`}>
            Find people
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
