import { noteListSchema, noteSchema, type Entity } from '@leadtrail/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/record-keys';

const notesPath = (entity: Entity, id: string) => `/api/v1/${entity}/${id}/notes`;

/** A contact's or company's notes (GET /api/v1/{entity}/{id}/notes). */
export const useNotes = (entity: Entity, recordId: string) =>
  useQuery({
    queryKey: recordKeys.notes(entity, recordId),
    queryFn: ({ signal }) => api.get(notesPath(entity, recordId), { schema: noteListSchema, signal }),
  });

/**
 * Add, edit and delete a note. Each refreshes the record's detail key: the notes and the
 * activity (which records the change) sit under it.
 */
export function useNoteMutations(entity: Entity, recordId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: recordKeys.detail(entity, recordId) });
  return {
    create: useMutation({
      mutationFn: (body: string) => api.post(notesPath(entity, recordId), { body }, { schema: noteSchema }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: string }) =>
        api.patch(`${notesPath(entity, recordId)}/${id}`, { body }, { schema: noteSchema }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`${notesPath(entity, recordId)}/${id}`),
      onSuccess: refresh,
    }),
  };
}
