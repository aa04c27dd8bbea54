import { countSchema, encodeFilter, gridPageOf } from '@leadtrail/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import type { CountParams, Page, PageParams } from './types';
import type { FetchValues } from './value-picker';

export type GridSource<Row> = {
  fetchPage: (params: PageParams) => Promise<Page<Row>>;
  fetchCount: (params: CountParams) => Promise<number>;
  /** A field's values among the matching records, with counts (contacts and companies; issue 14). */
  fetchValues?: FetchValues;
};

/**
 * A grid's data from an API collection that reads the grid's q, filter, sort and cursor
 * (`/api/v1/contacts`, `/api/v1/lists/{id}/members`), with its total at `<path>/count`.
 */
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
