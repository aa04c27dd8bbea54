import { apiUrl } from '../lib/api-client';
import { requestEarly } from '../lib/early-requests';

/** The API reads a screen makes as it opens, for the page's URL search (issue 13). */
export type RouteRequests = (search: URLSearchParams) => string[];

/** The grid's first page (DataGrid's default page size). */
export const GRID_FIRST_PAGE = 50;

/**
 * My Contacts → Contacts or Companies (records-screen.tsx): the saved columns, custom fields,
 * owners and saved views, and, unless the URL carries filters (the grid's own notation, which
 * the grid encodes for the API), the first page of rows and their total. route-requests.test.ts
 * checks that these are the URLs the screen's own code asks for.
 */
export const recordsScreenRequests =
  (entity: 'contacts' | 'companies'): RouteRequests =>
  (search) => {
    const q = search.get('q') ?? undefined;
    const sort = search.get('sort') ?? undefined;
    const urls = [
      apiUrl(`/api/v1/grid-preferences/${entity}`),
      apiUrl('/api/v1/custom-fields', { entity, includeArchived: true }),
      apiUrl('/api/v1/members/directory'),
      apiUrl('/api/v1/saved-views', { grid: entity }),
    ];
    if (!search.has('filter')) {
      urls.push(apiUrl(`/api/v1/${entity}`, { limit: GRID_FIRST_PAGE, q, sort }), apiUrl(`/api/v1/${entity}/count`, { q }));
    }
    return urls;
  };

/** Starts a screen's reads (lib/early-requests.ts: the screen's queries take the answers). */
export const startRouteRequests = (requests: RouteRequests, search: URLSearchParams): void =>
  requests(search).forEach(requestEarly);
