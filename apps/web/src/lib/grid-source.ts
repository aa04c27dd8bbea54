import { countSchema, encodeFilter, gridPageOf, type FieldValue, type FilterNode } from '@leadtrail/contracts';
import type { z } from 'zod';
import { api } from './api-client';

// The API's grid collections (`/api/v1/contacts`, `/api/v1/lists/{id}/members`, …) read the same
// q, filter, sort and cursor; the data grid (components/data-grid) asks for pages in these terms
// and the features give it a source built here.

/** The grid's filter: conditions combined with AND (nested groups allowed). */
export type GridFilter = { and: FilterNode[] };

export type PageParams = {
  cursor?: string;
  limit: number;
  q: string;
  filter: GridFilter | null;
  /** `name` or `-name`. */
  sort: string | undefined;
  /** Ask for the total matching rows along with this page (first page only). */
  count: boolean;
  signal?: AbortSignal;
};

export type Page<Row> = { data: Row[]; nextCursor: string | null; total?: number };

export type CountParams = { q: string; filter: GridFilter | null; signal?: AbortSignal };

/** A field's values among the matching records, with counts (contacts and companies; issue 14). */
export type FetchValues = (params: {
  field: string;
  search: string;
  filter: GridFilter | null;
  q: string;
  signal?: AbortSignal;
}) => Promise<FieldValue[]>;

export type GridSource<Row> = {
  fetchPage: (params: PageParams) => Promise<Page<Row>>;
  fetchCount: (params: CountParams) => Promise<number>;
  fetchValues?: FetchValues;
};

/** A grid's data from an API collection at `path`, with its total at `<path>/count`. */
export function gridSource<Row>(path: string, row: z.ZodType<Row>): GridSource<Row> {
  const pageSchema = gridPageOf(row);
  return {
    fetchPage: (params) =>
      api.get(path, {
        query: {
          limit: params.limit,
          cursor: params.cursor,
          q: params.q,
          sort: params.sort,
          filter: encodeFilter(params.filter),
          count: params.count || undefined,
        },
        schema: pageSchema,
        signal: params.signal,
      }),
    fetchCount: async (params) =>
      (
        await api.get(`${path}/count`, {
          query: { q: params.q, filter: encodeFilter(params.filter) },
          schema: countSchema,
          signal: params.signal,
        })
      ).total,
  };
}
