import { creditsSummarySchema, prospectScopeLabels, prospectScopes, type Prospect, type ProspectScope, type RevealFields, type RevealJob, type RevealResult } from '@leadtrail/contracts';
import { Anchor, Button, Checkbox, Drawer, Grid, Group, Paper, Stack, Table, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingSkyscraper, IconCoins, IconFilter, IconUserSearch } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { api, errorMessage } from '../../../lib/api-client';
import { useProspectFacets, useProspectSearch } from '../api/prospects';
import { fullName } from '../utils/masked-display';
import { companySearchFromUrl, companyUrlParams } from '../utils/company-search';
import { activeFilterCount, emptySearch, fromUrlParams, toUrlParams, type ProspectSearch } from '../utils/prospect-search';
import { CompaniesTab } from './companies-tab';
import { FilterPanel } from './filter-panel';
import { ProspectDrawer } from './prospect-drawer';
import { ProspectRow } from './prospect-row';
import { RevealDialog, type RevealTarget } from './reveal-dialog';
import { noResultsAction } from './no-results-action';
import { ResultsSkeleton } from './results-skeleton';
import { RevealJobProgress } from './reveal-job-progress';
import { SavedSearchTabs } from './saved-search-tabs';
import tableClasses from './prospects-table.module.css';

const n = new Intl.NumberFormat();
const people = (count: number) => `${n.format(count)} ${count === 1 ? 'person' : 'people'}`;

/** The credits a reveal can spend now (the same query as the top bar's balance). */
const useAvailableCredits = () =>
  useQuery({ queryKey: ['credits', 'summary'], queryFn: ({ signal }) => api.get('/api/v1/credits', { schema: creditsSummarySchema, signal }) });

/**
 * /my-contacts/prospects: People | Companies (?tab=companies, issue 26), each tab's search in the
 * URL; the Companies tab's "find people" opens the People tab on those companies.
 */
export function ProspectsScreen() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'companies' ? 'companies' : 'people';
  const wide = useMediaQuery('(min-width: 62em)', window.matchMedia('(min-width: 62em)').matches, { getInitialValueInEffect: false });
  // each tab's search as it was left, to come back to it
  const left = useRef({ people: '', companies: 'tab=companies' });
  left.current[tab] = params.toString();
  const companySearch = useMemo(() => companySearchFromUrl(params), [params]);
  return (
    <Stack gap="sm">
      <Tabs value={tab} variant="pills" onChange={(v) => v && v !== tab && setParams(new URLSearchParams(left.current[v as 'people' | 'companies']))}>
        <Tabs.List aria-label="Search prospects by">
          <Tabs.Tab value="people" leftSection={<IconUserSearch size={16} aria-hidden="true" />}>
            People
          </Tabs.Tab>
          <Tabs.Tab value="companies" leftSection={<IconBuildingSkyscraper size={16} aria-hidden="true" />}>
            Companies
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'companies' ? (
        <CompaniesTab
          search={companySearch}
          wide={wide}
          onChange={(next) => setParams(companyUrlParams(next), { replace: true })}
          onFindPeople={(domains) => setParams(toUrlParams({ ...emptySearch, companyDomains: domains }))}
        />
      ) : (
        <PeopleTab />
      )}
    </Stack>
  );
}

/** The People tab: search the prospect database with counts, reveal with credits (PRODUCT.md section 4). */
function PeopleTab() {
  const [params, setParams] = useSearchParams();
  // the search answers clicks at once; the URL follows it (to share or reload), and a URL changed
  // from outside (a link, the back button) becomes the search
  const [search, setSearchState] = useState(() => fromUrlParams(params));
  const urlSearch = params.toString();
  const shown = useRef(urlSearch);
  useEffect(() => {
    if (urlSearch === shown.current) return;
    shown.current = urlSearch;
    setSearchState(fromUrlParams(new URLSearchParams(urlSearch)));
  }, [urlSearch]);
  const setSearch = (next: ProspectSearch) => {
    setSearchState(next);
    const nextParams = toUrlParams(next);
    shown.current = nextParams.toString();
    setParams(nextParams, { replace: true });
    setSelected(new Set());
    setAllMatching(false);
  };
  const results = useProspectSearch(search);
  const facets = useProspectFacets(search);
  const credits = useAvailableCredits();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [reveal, setReveal] = useState<{ target: RevealTarget; fields: RevealFields } | null>(null);
  const [jobs, setJobs] = useState<RevealJob[]>([]);
  const [profile, setProfile] = useState<Prospect | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Mantine's md breakpoint (62em); known on the first render, so a desktop never flashes the phone layout
  const wide = useMediaQuery('(min-width: 62em)', window.matchMedia('(min-width: 62em)').matches, { getInitialValueInEffect: false });

  const rows = useMemo(() => results.data?.pages.flatMap((p) => p.data) ?? [], [results.data]);
  const totals = facets.data?.totals;
  const scopeCount = (scope: ProspectScope) => (totals ? (scope === 'all' ? totals.all : scope === 'net_new' ? totals.netNew : totals.mine) : null);
  const matching = scopeCount(search.scope);

  // infinite scroll: the next page loads when the end of the list comes into view
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

  const selectable = rows.filter((p) => !p.suppressed);
  const allOnPage = selectable.length > 0 && selectable.every((p) => selected.has(p.id));
  const selectionCount = allMatching ? (matching ?? 0) : selected.size;

  const onDone = (result: RevealResult) => {
    const skipped = result.skipped.suppressed + result.skipped.noData;
    const emails = result.skipped.emails;
    notifications.show({
      color: 'green',
      title: `${people(result.revealed.length)} revealed and saved to contacts`,
      message: `${n.format(result.charged)} ${result.charged === 1 ? 'credit' : 'credits'} charged${skipped ? `, ${n.format(skipped)} skipped (not charged)` : ''}${
        emails ? `, ${n.format(emails)} ${emails === 1 ? 'email' : 'emails'} left out (not charged)` : ''
      }. Balance: ${n.format(result.balance)}.`,
    });
    setSelected(new Set());
    setAllMatching(false);
  };
  const onJob = (job: RevealJob) => {
    setJobs((js) => [job, ...js]);
    notifications.show({ color: 'blue', title: 'Bulk reveal started', message: `${people(job.total)}: follow its progress above the results.` });
    setSelected(new Set());
    setAllMatching(false);
  };

  const openBulk = (fields: RevealFields) => {
    const target: RevealTarget = allMatching
      ? { kind: 'all', search, count: matching ?? 0, label: `all ${people(matching ?? 0)} matching` }
      : { kind: 'ids', ids: [...selected], label: people(selected.size) };
    setReveal({ target, fields });
  };

  const filtered = activeFilterCount(search) > 0 || !!search.q.trim();

  return (
    <Grid gap="md" align="flex-start">
      {/* on a phone the results come first; the filters open in a drawer */}
      {wide ? (
        <Grid.Col span={{ md: 4, lg: 3 }}>
          <FilterPanel search={search} onChange={setSearch} facets={facets.data} loading={facets.isFetching} />
        </Grid.Col>
      ) : (
        <Drawer opened={filtersOpen} onClose={() => setFiltersOpen(false)} title="Filters" size="100%" closeButtonProps={{ 'aria-label': 'Close the filters' }}>
          <Stack gap="md">
            <FilterPanel search={search} onChange={setSearch} facets={facets.data} loading={facets.isFetching} />
            <Button onClick={() => setFiltersOpen(false)}>{matching === null ? 'Show people' : `Show ${people(matching)}`}</Button>
          </Stack>
        </Drawer>
      )}
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <Stack gap="sm">
          {!wide && (
          <Button
            variant="default"
            leftSection={<IconFilter size={16} aria-hidden="true" />}
            onClick={() => setFiltersOpen(true)}
          >
            {activeFilterCount(search) > 0 ? `Filters (${activeFilterCount(search)})` : 'Filters'}
          </Button>
          )}
          <SavedSearchTabs search={search} onApply={setSearch} />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" aria-live="polite" data-testid="prospect-totals">
              {totals ? (
                <>
                  <b>{people(totals.all)}</b> · {n.format(totals.netNew)} net new · {n.format(totals.mine)} already mine · {n.format(totals.suppressed)} suppressed
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
            <Anchor component={Link} to="/settings/transactions-log" size="sm">
              <Group gap={4} wrap="nowrap">
                <IconCoins size={16} aria-hidden="true" />
                {credits.data ? `${n.format(credits.data.available)} credits available` : 'Credits'}
              </Group>
            </Anchor>
          </Group>

          <Tabs value={search.scope} onChange={(v) => v && setSearch({ ...search, scope: v as ProspectScope })}>
            <Tabs.List>
              {prospectScopes.map((scope) => (
                <Tabs.Tab key={scope} value={scope}>
                  {prospectScopeLabels[scope]}
                  {scopeCount(scope) !== null && ` (${n.format(scopeCount(scope)!)})`}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>

          {jobs.map((job) => (
            <RevealJobProgress key={job.id} initial={job} onDismiss={() => setJobs((js) => js.filter((j) => j.id !== job.id))} />
          ))}

          {selectionCount > 0 && (
            <Paper withBorder radius="md" p="xs" bg="var(--mantine-primary-color-light)" role="region" aria-label="Bulk actions">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Text size="sm" fw={600} data-testid="selection-count">
                    {people(selectionCount)} selected
                  </Text>
                  {!allMatching && allOnPage && matching !== null && matching > selected.size && (
                    <Button variant="subtle" size="compact-sm" onClick={() => setAllMatching(true)}>
                      Select all {n.format(matching)} matching
                    </Button>
                  )}
                  <Button variant="subtle" size="compact-sm" color="gray" onClick={() => { setSelected(new Set()); setAllMatching(false); }}>
                    Clear selection
                  </Button>
                </Group>
                <Group gap="xs">
                  <Button size="compact-sm" onClick={() => openBulk('email')}>
                    Reveal emails
                  </Button>
                  <Button size="compact-sm" variant="light" onClick={() => openBulk('phone')}>
                    Reveal phones
                  </Button>
                  <Button size="compact-sm" variant="light" onClick={() => openBulk('both')}>
                    Save to contacts…
                  </Button>
                </Group>
              </Group>
            </Paper>
          )}

          {results.isError ? (
            <RetryAlert title="The search could not run" error={results.error} onRetry={() => void results.refetch()} />
          ) : results.isPending ? (
            <ResultsSkeleton label="Loading people" subline="60%" columns={['20%', '20%']} />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<IconUserSearch size={28} aria-hidden="true" />}
              title={search.scope === 'mine' ? 'None of these people is in your contacts yet' : 'No one matches this search'}
              text={
                filtered
                  ? 'Remove a filter or widen one (another seniority, more countries, a shorter title) to see more people. The counts beside each value show what a click will add.'
                  : search.scope === 'mine'
                    ? 'Reveal people from the "All" tab: they become your contacts and show here.'
                    : 'Pick a seniority, a department or a country in the filters to start finding people.'
              }
              action={
                noResultsAction({
                  filtered,
                  scoped: search.scope !== 'all',
                  everyone: 'Show all people',
                  onClear: () => setSearch({ ...emptySearch, scope: search.scope }),
                  onShowAll: () => setSearch({ ...search, scope: 'all' }),
                })
              }
            />
          ) : (
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={640}>
                <Table className={tableClasses.table} verticalSpacing="xs" highlightOnHover stickyHeader aria-label="People matching the search" aria-busy={results.isFetching}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th className={tableClasses.select}>
                        <Checkbox
                          size="sm"
                          aria-label="Select every person shown"
                          checked={allOnPage || allMatching}
                          indeterminate={!allOnPage && selected.size > 0}
                          onChange={(e) => {
                            setAllMatching(false);
                            setSelected(e.currentTarget.checked ? new Set(selectable.map((p) => p.id)) : new Set());
                          }}
                        />
                      </Table.Th>
                      <Table.Th w="30%">Person</Table.Th>
                      <Table.Th w="27%">Company</Table.Th>
                      <Table.Th>Email and phone</Table.Th>
                      <Table.Th className={tableClasses.actions}>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((p) => (
                      <ProspectRow
                        key={p.id}
                        person={p}
                        selected={allMatching ? !p.suppressed : selected.has(p.id)}
                        onSelect={(checked) => {
                          setAllMatching(false);
                          setSelected((s) => {
                            const next = new Set(s);
                            if (checked) next.add(p.id);
                            else next.delete(p.id);
                            return next;
                          });
                        }}
                        onReveal={(fields) => setReveal({ target: { kind: 'ids', ids: [p.id], label: fullName(p) }, fields })}
                        onOpen={() => setProfile(p)}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <div ref={sentinel} />
              <Group justify="center" p="sm">
                {results.hasNextPage ? (
                  <Button variant="subtle" size="xs" loading={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
                    Load more people
                  </Button>
                ) : (
                  <Text size="xs" c="dimmed">
                    {people(rows.length)} shown: the end of this search
                  </Text>
                )}
              </Group>
            </Paper>
          )}
        </Stack>
      </Grid.Col>
      <ProspectDrawer
        person={profile}
        onClose={() => setProfile(null)}
        onReveal={(p, fields) => setReveal({ target: { kind: 'ids', ids: [p.id], label: fullName(p) }, fields })}
        onSearchCompany={(company) => {
          setProfile(null);
          // the company's own domain exactly (as the Companies tab does), its name only when it has none
          setSearch({ ...emptySearch, scope: search.scope, companyDomains: company.domain ? [company.domain] : [], companyName: company.domain ? '' : company.name });
        }}
      />
      <RevealDialog target={reveal?.target ?? null} fields={reveal?.fields ?? 'email'} onClose={() => setReveal(null)} onDone={onDone} onJob={onJob} />
    </Grid>
  );
}
