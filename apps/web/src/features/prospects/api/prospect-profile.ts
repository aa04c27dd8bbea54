import { prospectProfileSchema, recordListsSchema } from '@leadtrail/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prospectsKey } from './prospects';

/** A person's profile (the drawer): the person as the search shows them, and their company. */
export const useProspectProfile = (id: string | null) =>
  useQuery({
    queryKey: [...prospectsKey, 'profile', id],
    queryFn: ({ signal }) => api.get(`/api/v1/prospects/${id}`, { schema: prospectProfileSchema, signal }),
    enabled: id !== null,
    staleTime: 10_000,
  });

/** The lists of the contact a person already is in this workspace. */
export const useListsOfContact = (contactId: string | null) =>
  useQuery({
    queryKey: ['lists', 'of', 'contacts', contactId],
    queryFn: ({ signal }) => api.get(`/api/v1/contacts/${contactId}/lists`, { schema: recordListsSchema, signal }),
    enabled: contactId !== null,
  });
