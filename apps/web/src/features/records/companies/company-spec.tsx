import { companyFieldLabels as L, revenueRangeLabels, type Company } from '@leadtrail/contracts';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import type { RecordSpec } from '../record-spec';
import { companyColumns, employeeRangeOptions, revenueRangeOptions } from './company-columns';
import { CompanyContactsSection } from './company-contacts-section';
import { companyForm, type CompanyFormValues } from './company-form';
import { companiesApi } from './companies-api';

const icon = <IconBuildingSkyscraper size={28} aria-hidden="true" />;

/** Companies: the accounts contacts work for, unique by domain. */
export const companySpec: RecordSpec<Company, CompanyFormValues> = {
  entity: 'companies',
  noun: { singular: 'company', plural: 'companies' },
  title: 'Company',
  api: companiesApi,
  labels: L,
  name: (company) => company.name,
  duplicateMessage: 'A company with this domain already exists.',
  screen: {
    title: 'Companies',
    description: 'The accounts you sell to: search, filter, sort and act on them in bulk.',
    searchPlaceholder: 'Search name or domain',
    emptyIcon: icon,
    emptyTitle: 'No companies yet',
    emptyText:
      'Companies are the accounts your contacts work for. Add one by hand or upload a file; contacts link to them by email domain.',
    mergedMessage: 'Companies merged: contacts, notes and history are on the one kept',
  },
  columns: companyColumns,
  merge: {
    plain: [
      'name',
      'domain',
      'website',
      'industry',
      'employeeRange',
      'phone',
      'linkedinUrl',
      'city',
      'region',
      'country',
      'description',
    ],
    more: [
      {
        key: 'revenueRange',
        label: L.revenueRange,
        text: (c) => (c.revenueRange ? revenueRangeLabels[c.revenueRange] : ''),
      },
      { key: 'foundedYear', label: L.foundedYear, text: (c) => (c.foundedYear === null ? '' : String(c.foundedYear)) },
    ],
  },
  form: companyForm,
  detail: {
    notFoundIcon: icon,
    description: (company) => [company.industry, company.domain].filter(Boolean).join(' · ') || undefined,
    fields: [
      { kind: 'text', key: 'name' },
      { kind: 'text', key: 'domain', link: 'url', unique: true },
      { kind: 'text', key: 'website', type: 'url', link: 'url' },
      { kind: 'text', key: 'industry' },
      { kind: 'select', key: 'employeeRange', options: employeeRangeOptions, clearable: true },
      { kind: 'select', key: 'revenueRange', options: revenueRangeOptions, clearable: true },
      { kind: 'year', key: 'foundedYear' },
      { kind: 'text', key: 'phone', type: 'tel', link: 'tel' },
      { kind: 'text', key: 'linkedinUrl', type: 'url', link: 'url' },
      { kind: 'text', key: 'city' },
      { kind: 'text', key: 'region' },
      { kind: 'text', key: 'country' },
      { kind: 'owner' },
      { kind: 'text', key: 'description', multiline: true },
    ],
    Sections: CompanyContactsSection,
    deleteConsequence: (company) => (
      <>
        The company is deleted with its notes and history.{' '}
        {company.contactCount > 0 &&
          `Its ${company.contactCount.toLocaleString()} contact${company.contactCount === 1 ? ' stays' : 's stay'}, without a company. `}
        This can&apos;t be undone.
      </>
    ),
    valueLabels: { revenueRange: revenueRangeLabels },
    customFieldsSettings: '/settings/masters/custom-fields?entity=companies',
  },
};
