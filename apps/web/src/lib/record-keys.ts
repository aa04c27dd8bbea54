import type { Entity } from '@leadtrail/contracts';

/**
 * Query keys of contacts and companies. Everything about an entity starts with its name, so
 * invalidating `[entity]` refreshes grids, counts and detail pages; a record's notes and
 * activity sit under its detail key and refresh with it.
 */
export const recordKeys = {
  all: (entity: Entity) => [entity] as const,
  detail: (entity: Entity, id: string) => [entity, 'detail', id] as const,
  notes: (entity: Entity, id: string) => [entity, 'detail', id, 'notes'] as const,
  activity: (entity: Entity, id: string) => [entity, 'detail', id, 'activity'] as const,
};
