import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Migration 0740: named views of a records grid (filter, sort, columns), private or shared. */
export const savedViews = pgTable(
  'saved_views',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    memberId: uuid('member_id').notNull(),
    grid: text('grid').notNull(),
    name: text('name').notNull(),
    q: text('q'),
    filter: jsonb('filter').$type<Record<string, unknown>>(),
    sort: text('sort'),
    columns: jsonb('columns').$type<string[]>(),
    shared: boolean('shared').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

/** Migration 0740: one bulk "edit field" of contacts or companies; its values are in bulk_edit_values. */
export const bulkEdits = pgTable(
  'bulk_edits',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    entity: text('entity').$type<'contacts' | 'companies'>().notNull(),
    memberId: uuid('member_id'),
    field: text('field').notNull(),
    value: jsonb('value'),
    affected: integer('affected').notNull(),
    undoneAt: ts('undone_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
