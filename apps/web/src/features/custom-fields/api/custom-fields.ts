import {
  customFieldSchema,
  type CreateCustomFieldBody,
  type CustomField,
  type Entity,
  type UpdateCustomFieldBody,
} from '@leadtrail/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customFieldsKey, customFieldsQueryOptions } from '../../../lib/custom-fields-query';
import { api } from '../../../lib/api-client';

export { customFieldsQueryOptions, useCustomFields } from '../../../lib/custom-fields-query';

/** Custom fields change grids, forms and exports of their entity: refresh those too. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (entity: Entity) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customFieldsKey }),
      queryClient.invalidateQueries({ queryKey: [entity] }),
    ]);
}

export function useCreateCustomField() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateCustomFieldBody) => api.post('/api/v1/custom-fields', body, { schema: customFieldSchema }),
    onSuccess: (field) => refresh(field.entity),
  });
}

export function useUpdateCustomField() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCustomFieldBody }) =>
      api.patch(`/api/v1/custom-fields/${id}`, body, { schema: customFieldSchema }),
    onSuccess: (field) => refresh(field.entity),
  });
}

export function useDeleteCustomField() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (field: CustomField) => api.delete(`/api/v1/custom-fields/${field.id}`),
    onSuccess: (_, field) => refresh(field.entity),
  });
}

/** Saves a new order at once on screen, and puts the old one back if the server refuses. */
export function useReorderCustomFields() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ entity, ids }: { entity: Entity; ids: string[] }) =>
      api.post('/api/v1/custom-fields/reorder', { entity, ids }),
    onMutate: async ({ entity, ids }) => {
      const key = customFieldsQueryOptions(entity).queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (list) =>
        list
          ? {
              data: list.data.map((field) => ({ ...field, position: ids.indexOf(field.id) })),
            }
          : list,
      );
      return { previous, key };
    },
    onError: (_error, _vars, context) => {
      if (context) queryClient.setQueryData(context.key, context.previous);
    },
    onSettled: (_data, _error, { entity }) => refresh(entity),
  });
}
