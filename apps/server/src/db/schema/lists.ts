import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Migration 0301: static lists of contacts or companies and their members. */
export const lists = pgTable(
  'lists',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    entity: text('entity', { enum: ['contacts', 'companies'] }).notNull(),
    description: text('description'),
    ownerId: uuid('owner_id'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const listContacts = pgTable(
  'list_contacts',
  {
    workspaceId: uuid('workspace_id').notNull(),
    listId: uuid('list_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    addedBy: uuid('added_by'),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.listId, t.contactId] })],
);

export const listCompanies = pgTable(
  'list_companies',
  {
    workspaceId: uuid('workspace_id').notNull(),
    listId: uuid('list_id').notNull(),
    companyId: uuid('company_id').notNull(),
    addedBy: uuid('added_by'),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.listId, t.companyId] })],
);
