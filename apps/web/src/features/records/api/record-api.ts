import {
  bulkResultSchema,
  bulkUndoResultSchema,
  bulkUpdateResultSchema,
  encodeFilter,
  entities,
  fieldValuesSchema,
  recordBulkJobAcceptedSchema,
  recordBulkJobSchema,
  type BulkSelection,
  type RecordBulkJob,
  type BulkUpdateBody,
  type Entity,
  type MergeBody,
} from '@leadtrail/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { GridFilter } from '../../../components/data-grid';
import { gridSource } from '../../../lib/grid-source';
import { recordKeys } from '../../../lib/record-keys';
import { api } from '../../../lib/api-client';
import { followJob } from './follow-job';

/** Answers to a bulk change: at once (a selection of ids) or a job to follow (all matching; decision 0029). */
const orJob = <S extends z.ZodType>(now: S) => z.union([now, recordBulkJobAcceptedSchema]);

/** The API of one record entity (`/api/v1/contacts`, `/api/v1/companies`): one shape for both. */
export function recordApi<Row>(entity: Entity, schema: z.ZodType<Row>) {
  const base = `/api/v1/${entity}`;
  const getJob = (id: string) => api.get(`${base}/bulk-jobs/${id}`, { schema: recordBulkJobSchema });
  return {
    entity,
    schema,
    /** Everything about the entity: invalidating it refreshes grids, counts and detail pages. */
    key: recordKeys.all(entity),
    ...gridSource(base, schema),
    exportPath: `${base}/export`,
    detail: (id: string) =>
      queryOptions({
        queryKey: recordKeys.detail(entity, id),
        queryFn: ({ signal }) => api.get(`${base}/${id}`, { schema, signal }),
      }),
    create: (body: unknown) => api.post(base, body, { schema }),
    update: (id: string, body: unknown) => api.patch(`${base}/${id}`, body, { schema }),
    remove: (id: string) => api.delete(`${base}/${id}`),
    merge: (body: MergeBody) => api.post(`${base}/merge`, body, { schema }),
    bulkAssignOwner: (selection: BulkSelection, ownerId: string | null) =>
      api.post(`${base}/bulk/assign-owner`, { selection, ownerId }, { schema: bulkResultSchema }),
    bulkDelete: async (selection: BulkSelection, onProgress?: (job: RecordBulkJob) => void) => {
      const answer = await api.post(`${base}/bulk/delete`, { selection }, { schema: orJob(bulkResultSchema) });
      if (!('job' in answer)) return answer;
      const done = await followJob(answer.job, getJob, onProgress);
      return { affected: done.affected, skipped: done.skipped };
    },
    getBulkJob: getJob,
    // issue 14: filter values with counts, bulk "edit field" and its undo
    fetchValues: async (params: { field: string; search: string; filter: GridFilter | null; q: string; signal?: AbortSignal }) =>
      (
        await api.get(`${base}/values`, {
          query: { field: params.field, search: params.search, q: params.q, filter: encodeFilter(params.filter) },
          schema: fieldValuesSchema,
          signal: params.signal,
        })
      ).data,
    bulkUpdate: async (body: BulkUpdateBody, onProgress?: (job: RecordBulkJob) => void) => {
      const answer = await api.post(`${base}/bulk-update`, body, { schema: orJob(bulkUpdateResultSchema) });
      if (!('job' in answer)) return answer;
      const done = await followJob(answer.job, getJob, onProgress);
      // an update that changed nothing made no edit: nothing to undo
      return { editId: done.editId, affected: done.affected };
    },
    undoBulkUpdate: (editId: string) => api.post(`${base}/bulk-update/${editId}/undo`, {}, { schema: bulkUndoResultSchema }),
  };
}

export type RecordApi<Row> = ReturnType<typeof recordApi<Row>>;

/**
 * Contacts show their company's name and companies count and list their contacts: a change to
 * either refreshes both.
 */
const refreshRecords = (queryClient: QueryClient) =>
  Promise.all(entities.map((entity) => queryClient.invalidateQueries({ queryKey: recordKeys.all(entity) })));

export const useRecord = <Row>(records: RecordApi<Row>, id: string) => useQuery(records.detail(id));

export function useCreateRecord<Row>(records: RecordApi<Row>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => records.create(body),
    onSuccess: () => refreshRecords(queryClient),
  });
}

/** Saves some fields; the detail page shows the answer at once and the grids refresh. */
export function useUpdateRecord<Row>(records: RecordApi<Row>, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => records.update(id, body),
    onSuccess: (row) => {
      queryClient.setQueryData(records.detail(id).queryKey, row);
      return refreshRecords(queryClient);
    },
  });
}

export function useDeleteRecord<Row>(records: RecordApi<Row>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => records.remove(id),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: recordKeys.detail(records.entity, id) });
      return refreshRecords(queryClient);
    },
  });
}

export function useMergeRecords<Row>(records: RecordApi<Row>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeBody) => records.merge(body),
    onSuccess: (_, body) => {
      queryClient.removeQueries({ queryKey: recordKeys.detail(records.entity, body.mergeId) });
      return refreshRecords(queryClient);
    },
  });
}
