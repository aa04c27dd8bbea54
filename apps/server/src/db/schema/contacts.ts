import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Tables of My Contacts (migration 0100): custom fields, companies, contacts, notes, activity. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type StoredOption = { id: string; label: string; color: string | null };
export type StoredValues = Record<string, unknown>;

export const customFields = pgTable(
  'custom_fields',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    entity: text('entity', { enum: ['contacts', 'companies'] }).notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type', {
      enum: ['text', 'long_text', 'number', 'date', 'checkbox', 'single_select', 'multi_select', 'url', 'email', 'phone'],
    }).notNull(),
    options: jsonb('options').$type<StoredOption[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

const sources = ['manual', 'import', 'prospect', 'api'] as const;

export const companies = pgTable(
  'companies',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    domain: text('domain'),
    website: text('website'),
    industry: text('industry'),
    employeeRange: text('employee_range'),
    revenueRange: text('revenue_range'),
    phone: text('phone'),
    linkedinUrl: text('linkedin_url'),
    city: text('city'),
    region: text('region'),
    country: text('country'),
    description: text('description'),
    foundedYear: integer('founded_year'),
    ownerId: uuid('owner_id'),
    source: text('source', { enum: sources }).notNull().default('manual'),
    importId: uuid('import_id'),
    customFields: jsonb('custom_fields').$type<StoredValues>().notNull().default({}),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const contacts = pgTable(
  'contacts',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    emailStatus: text('email_status').notNull().default('unverified'),
    emailStatusReason: text('email_status_reason'),
    emailCheckedAt: ts('email_checked_at'),
    workPhone: text('work_phone'),
    mobilePhone: text('mobile_phone'),
    otherPhone: text('other_phone'),
    jobTitle: text('job_title'),
    seniority: text('seniority'),
    department: text('department'),
    companyId: uuid('company_id'),
    linkedinUrl: text('linkedin_url'),
    city: text('city'),
    region: text('region'),
    country: text('country'),
    ownerId: uuid('owner_id'),
    source: text('source', { enum: sources }).notNull().default('manual'),
    importId: uuid('import_id'),
    customFields: jsonb('custom_fields').$type<StoredValues>().notNull().default({}),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const notes = pgTable(
  'notes',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id'),
    companyId: uuid('company_id'),
    body: text('body').notNull(),
    authorId: uuid('author_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const activities = pgTable(
  'activities',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id'),
    companyId: uuid('company_id'),
    type: text('type').notNull(),
    actorId: uuid('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const recordExports = pgTable(
  'record_exports',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    entity: text('entity', { enum: ['contacts', 'companies'] }).notNull(),
    memberId: uuid('member_id'),
    rowCount: integer('row_count').notNull(),
    q: text('q'),
    filter: jsonb('filter'),
    columns: text('columns').array().notNull(),
    includeSuppressed: boolean('include_suppressed').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const gridPreferences = pgTable(
  'grid_preferences',
  {
    workspaceId: uuid('workspace_id').notNull(),
    memberId: uuid('member_id').notNull(),
    grid: text('grid').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    widths: jsonb('widths').$type<Record<string, number>>(),
    pageSize: integer('page_size'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.memberId, t.grid] })],
);
