import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { suppressionKinds, suppressionReasons } from '@leadtrail/contracts';

/** Migration 0300. The check that uses it: modules/suppressions/suppression-match.ts. */
export const suppressions = pgTable(
  'suppressions',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: suppressionKinds }).notNull(),
    value: text('value').notNull(),
    reason: text('reason', { enum: suppressionReasons }).notNull().default('other'),
    note: text('note'),
    addedBy: uuid('added_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** lower(value || ' ' || note), generated (migration 0304): what search matches. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(value || ' ' || coalesce(note, ''))`),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] }), unique('suppressions_value_unique').on(t.workspaceId, t.kind, t.value)],
);
