import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Migration 0640: saved prospect searches, private or shared with the workspace. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    memberId: uuid('member_id').notNull(),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    shared: boolean('shared').notNull().default(false),
    lastOpenedAt: ts('last_opened_at'),
    lastSeenTotal: integer('last_seen_total').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
