import type { Entity } from '@leadtrail/contracts';

/** My Contacts → Contacts / Companies. */
export const recordsPath = (entity: Entity) => `/my-contacts/${entity}`;

export const recordHref = (entity: Entity, id: string) => `${recordsPath(entity)}/${id}`;
