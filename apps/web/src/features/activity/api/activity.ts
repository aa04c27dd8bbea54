import { activityPageSchema, type Entity } from '@leadtrail/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/record-keys';

/** A contact's or company's history, newest first, 30 entries a page (cursor paging). */
export const useActivity = (entity: Entity, recordId: string) =>
  useInfiniteQuery({
    queryKey: recordKeys.activity(entity, recordId),
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/v1/${entity}/${recordId}/activity`, {
        query: { limit: 30, cursor: pageParam },
        schema: activityPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
