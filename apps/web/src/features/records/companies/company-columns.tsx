import {
  companyFieldLabels as L,
  employeeRanges,
  revenueRangeLabels,
  revenueRanges,
  type Company,
} from '@leadtrail/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { GridColumn, GridOption } from '../../../components/data-grid';
import type { ColumnsOptions } from '../record-spec';
import { dimmed, recordColumns, textColumn, toOptions } from '../utils/record-columns';
import { phoneColumn } from '../utils/phone-column';
import { recordHref } from '../utils/record-paths';

export const employeeRangeOptions: GridOption[] = employeeRanges.map((value) => ({ value, label: value }));
export const revenueRangeOptions = toOptions(revenueRanges, revenueRangeLabels);

/** Every standard and custom company field, as the API names them for sort, filter and export. */
export function companyColumns(options: ColumnsOptions): GridColumn<Company>[] {
  const text = textColumn<Company>(L);
  const phone = phoneColumn<Company>(L);
  return recordColumns(L, options, [
    {
      key: 'name',
      label: L.name,
      kind: 'text',
      pinned: true,
      // issue 14: the default columns fit a 1440 px screen, Owner included
      width: 180,
      render: (company) => (
        <Anchor component={Link} to={recordHref('companies', company.id)} size="sm" fw={500}>
          {company.name}
        </Anchor>
      ),
    },
    text('domain', true, 160),
    text('website', false, 220),
    text('industry', true, 140),
    {
      key: 'employeeRange',
      label: L.employeeRange,
      kind: 'enum',
      options: employeeRangeOptions,
      defaultVisible: true,
      width: 110,
    },
    {
      key: 'revenueRange',
      label: L.revenueRange,
      kind: 'enum',
      options: revenueRangeOptions,
      defaultVisible: false,
      width: 160,
    },
    phone('phone'),
    text('linkedinUrl', false, 240),
    text('city'),
    text('region'),
    text('country', true, 100),
    { ...text('description', false, 300), sortable: false },
    {
      key: 'foundedYear',
      label: L.foundedYear,
      kind: 'number',
      defaultVisible: false,
      width: 120,
      // A year, not a quantity: no thousands separator.
      render: (company) => company.foundedYear ?? dimmed('—'),
    },
    {
      key: 'contactCount',
      label: L.contactCount,
      kind: 'number',
      defaultVisible: true,
      sortable: false,
      filterable: false,
      width: 90,
    },
  ]);
}
