import { customFieldListSchema, type CustomField, type Entity } from '@leadtrail/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** Every query of custom field definitions starts with this key (settings invalidate it). */
export const customFieldsKey = ['custom-fields'] as const;

/** The custom fields of an entity in their order, archived ones included (they keep values). */
export const customFieldsQueryOptions = (entity: Entity) =>
  queryOptions({
    queryKey: [...customFieldsKey, entity],
    queryFn: ({ signal }) =>
      api.get('/api/v1/custom-fields', {
        query: { entity, includeArchived: true },
        schema: customFieldListSchema,
        signal,
      }),
    select: (list): CustomField[] => [...list.data].sort((a, b) => a.position - b.position),
    staleTime: 60_000,
  });

export const useCustomFields = (entity: Entity) => useQuery(customFieldsQueryOptions(entity));
