import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { verifiedEmailStatuses, seniorities } from '@leadtrail/contracts';

/**
 * The prospect database (migration 0600): global, read-only to the app's role; written only by
 * the generator and the loader (modules/prospects/cli) as the owner. Search SQL lives in
 * modules/prospects/prospects.repository.ts.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const prospectCompanies = pgTable('prospect_companies', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  domain: text('domain').notNull(),
  industry: text('industry'),
  employeeCount: integer('employee_count'),
  employeeRange: text('employee_range'),
  revenue: bigint('revenue', { mode: 'number' }),
  revenueRange: text('revenue_range'),
  city: text('city'),
  region: text('region'),
  country: text('country'),
});

export const prospectPeople = pgTable('prospect_people', {
  id: uuid('id').primaryKey(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  title: text('title'),
  seniority: text('seniority', { enum: seniorities }),
  department: text('department'),
  email: text('email'),
  emailStatus: text('email_status', { enum: verifiedEmailStatuses }),
  phone: text('phone'),
  linkedinUrl: text('linkedin_url'),
  city: text('city'),
  region: text('region'),
  country: text('country'),
  companyId: uuid('company_id'),
  companyName: text('company_name'),
  companyDomain: text('company_domain'),
  industry: text('industry'),
  employeeRange: text('employee_range'),
  revenueRange: text('revenue_range'),
  hasEmail: boolean('has_email'),
  hasPhone: boolean('has_phone'),
});

/** A workspace's reveals (tenant table, RLS): one row per person, what it paid for and when. */
export const prospectReveals = pgTable(
  'prospect_reveals',
  {
    workspaceId: uuid('workspace_id').notNull(),
    prospectId: uuid('prospect_id').notNull(),
    emailRevealed: boolean('email_revealed').notNull().default(false),
    emailRevealedAt: ts('email_revealed_at'),
    phoneRevealed: boolean('phone_revealed').notNull().default(false),
    phoneRevealedAt: ts('phone_revealed_at'),
    contactId: uuid('contact_id'),
    revealedBy: uuid('revealed_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** This reveal's life (a new one when the row is created again after an erasure): keys its charges. */
    id: uuid('id').notNull().defaultRandom(),
    emailRefundedAt: ts('email_refunded_at'),
    /** SHA-256 of the refunded address (lib/value-hash.ts): never handed back nor charged again. */
    emailRefundedHash: text('email_refunded_hash'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.prospectId] })],
);
