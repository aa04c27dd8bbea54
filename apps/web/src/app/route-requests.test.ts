import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../components/data-grid';
import { gridPreferencesQueryOptions } from '../lib/grid-preferences';
import { customFieldsQueryOptions } from '../lib/custom-fields-query';
import { ownerOptionsQueryOptions } from '../lib/owners-query';
import { savedViewsQueryOptions } from '../features/records/api/saved-views';
import { companySpec } from '../features/records/companies/company-spec';
import { contactSpec } from '../features/records/contacts/contact-spec';
import { GRID_FIRST_PAGE, recordsScreenRequests } from './route-requests';

afterEach(() => {
  vi.unstubAllGlobals();
});

const context = { signal: new AbortController().signal } as never;

/** The URLs a records screen's own code asks for as it opens (DataGrid, RecordGrid, SavedViewTabs). */
async function screenAsks(spec: typeof contactSpec | typeof companySpec, q: string, sort: string | undefined) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response('{}', { status: 503, headers: { 'content-type': 'application/json' } });
    }),
  );
  const entity = spec.entity;
  await Promise.allSettled([
    // DataGrid's first page when the grid has a count query of its own
    spec.api.fetchPage({ cursor: undefined, limit: DEFAULT_PAGE_SIZE, q, filter: null, sort, count: false }),
    spec.api.fetchCount({ q, filter: null }),
    gridPreferencesQueryOptions(entity).queryFn!(context),
    customFieldsQueryOptions(entity).queryFn!(context),
    ownerOptionsQueryOptions().queryFn!(context),
    savedViewsQueryOptions(entity).queryFn!(context),
  ]);
  return asked.sort();
}

describe('a records screen’s early requests', () => {
  it('ask for the first page the grid shows', () => {
    expect(GRID_FIRST_PAGE).toBe(DEFAULT_PAGE_SIZE);
  });

  for (const spec of [contactSpec, companySpec]) {
    it(`are the ${spec.entity} screen’s own requests`, async () => {
      expect(recordsScreenRequests(spec.entity)(new URLSearchParams()).sort()).toEqual(await screenAsks(spec, '', undefined));
      expect(recordsScreenRequests(spec.entity)(new URLSearchParams('q=ada lo&sort=-createdAt')).sort()).toEqual(
        await screenAsks(spec, 'ada lo', '-createdAt'),
      );
    });
  }

  it('leave the rows to the grid when the URL carries filters (the grid encodes them)', () => {
    const urls = recordsScreenRequests('contacts')(new URLSearchParams('filter=country:eq:France'));
    expect(urls.some((u) => u.startsWith('/api/v1/contacts?') || u.startsWith('/api/v1/contacts/count'))).toBe(false);
    expect(urls).toContain('/api/v1/grid-preferences/contacts');
  });
});
