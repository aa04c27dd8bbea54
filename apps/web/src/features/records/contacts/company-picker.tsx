import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { companiesApi } from '../companies/companies-api';

export type PickedCompany = { id: string; name: string };

type CompanyPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: PickedCompany | null;
  onChange: (company: PickedCompany | null) => void;
};

/** Companies to link a contact to, by name or domain. */
const searchCompanies = async (q: string, signal?: AbortSignal) =>
  (await companiesApi.fetchPage({ q: q.trim(), limit: 20, sort: 'name', filter: null, count: false, signal })).data;

/** Picks one of the workspace's companies, searching by name or domain as the user types. */
export function CompanyPicker({ value, onChange, ...selectProps }: CompanyPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // Typing the chosen company's name again is not a new search.
  const term = value && debounced === value.name ? '' : debounced;
  const companies = useQuery({
    queryKey: ['companies', 'picker', term],
    queryFn: ({ signal }) => searchCompanies(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data = useMemo(() => {
    const items = (companies.data ?? []).map((c) => ({
      value: c.id,
      label: c.domain ? `${c.name} (${c.domain})` : c.name,
    }));
    if (value && !items.some((item) => item.value === value.id)) items.unshift({ value: value.id, label: value.name });
    return items;
  }, [companies.data, value]);

  return (
    <Select
      {...selectProps}
      data={data}
      value={value?.id ?? null}
      onChange={(id) =>
        onChange(id ? { id, name: companies.data?.find((c) => c.id === id)?.name ?? value?.name ?? '' } : null)
      }
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      filter={({ options }) => options}
      nothingFoundMessage={companies.isFetching ? 'Searching…' : 'No company matches. Create it under Companies first.'}
      rightSection={companies.isFetching ? <Loader size="xs" /> : undefined}
      placeholder="Search companies"
    />
  );
}
