import {
  companyFieldLabels as L,
  employeeRanges,
  recordSourceLabels,
  recordSources,
  revenueRangeLabels,
  revenueRanges,
  type Company,
  type CustomField,
} from '@leadtrail/contracts';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { customFieldColumns, type GridColumn, type GridOption } from '../../../components/data-grid';

export const employeeRangeOptions: GridOption[] = employeeRanges.map((value) => ({ value, label: value }));
export const revenueRangeOptions: GridOption[] = revenueRanges.map((value) => ({
  value,
  label: revenueRangeLabels[value],
}));
export const sourceOptions: GridOption[] = recordSources.map((value) => ({ value, label: recordSourceLabels[value] }));

export const companyHref = (company: Pick<Company, 'id'>) => `/my-contacts/companies/${company.id}`;

type CompanyColumnsOptions = {
  customFields: CustomField[];
  owners: GridOption[];
  ownerName: (id: string | null) => string | null;
};

/** Every standard and custom company field, as the API names them for sort, filter and export. */
export function companyColumns({ customFields, owners, ownerName }: CompanyColumnsOptions): GridColumn<Company>[] {
  const text = (key: keyof typeof L, defaultVisible = false, width?: number): GridColumn<Company> => ({
    key,
    label: L[key],
    kind: 'text',
    defaultVisible,
    width,
  });
  return [
    {
      key: 'name',
      label: L.name,
      kind: 'text',
      pinned: true,
      width: 240,
      render: (company) => (
        <Anchor component={Link} to={companyHref(company)} size="sm" fw={500}>
          {company.name}
        </Anchor>
      ),
    },
    text('domain', true, 200),
    text('website', false, 220),
    text('industry', true, 180),
    {
      key: 'employeeRange',
      label: L.employeeRange,
      kind: 'enum',
      options: employeeRangeOptions,
      defaultVisible: true,
      width: 140,
    },
    {
      key: 'revenueRange',
      label: L.revenueRange,
      kind: 'enum',
      options: revenueRangeOptions,
      defaultVisible: false,
      width: 160,
    },
    text('phone'),
    text('linkedinUrl', false, 240),
    text('city'),
    text('region'),
    text('country', true, 160),
    { ...text('description', false, 300), sortable: false },
    {
      key: 'foundedYear',
      label: L.foundedYear,
      kind: 'number',
      defaultVisible: false,
      width: 120,
      // A year, not a quantity: no thousands separator.
      render: (company) =>
        company.foundedYear ?? (
          <Text span size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'contactCount',
      label: L.contactCount,
      kind: 'number',
      defaultVisible: true,
      sortable: false,
      filterable: false,
      width: 110,
    },
    {
      key: 'ownerId',
      label: L.ownerId,
      kind: 'ref',
      options: owners,
      defaultVisible: true,
      width: 170,
      render: (company) =>
        ownerName(company.ownerId) ?? (
          <Text span size="sm" c="dimmed">
            No owner
          </Text>
        ),
    },
    { key: 'source', label: L.source, kind: 'enum', options: sourceOptions, defaultVisible: false, width: 150 },
    { key: 'createdAt', label: L.createdAt, kind: 'datetime', defaultVisible: true },
    { key: 'updatedAt', label: L.updatedAt, kind: 'datetime', defaultVisible: false },
    ...customFieldColumns<Company>(customFields),
  ];
}
