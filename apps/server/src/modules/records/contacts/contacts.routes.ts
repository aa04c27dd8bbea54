import type { FastifyInstance } from 'fastify';
import { contactSchema, createContactBodySchema, updateContactBodySchema } from '@leadtrail/contracts';
import { recordRoutes } from '../records.routes.js';
import type { ContactsService } from './contacts.service.js';

export async function contactsRoutes(app: FastifyInstance, opts: { service: ContactsService }) {
  await recordRoutes(app, {
    entity: 'contacts',
    one: 'contact',
    schemas: { record: contactSchema, create: createContactBodySchema, update: updateContactBodySchema },
    service: opts.service,
    notes: {
      create: ' (409 with existingId when its email exists); links the company of its email domain',
      merge: '',
      update: '; 409 when the new email exists',
      delete: '',
      export: '; suppressed contacts only with includeSuppressed=true',
    },
  });
}
