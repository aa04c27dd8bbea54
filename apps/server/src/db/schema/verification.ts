import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The email verifier's cache (migration 0840): global, shared by every workspace (a result is
 * a fact about the address or the domain). Written only by modules/verification.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const emailVerifications = pgTable('email_verifications', {
  address: text('address').primaryKey(),
  status: text('status').notNull(),
  reason: text('reason'),
  checkedAt: ts('checked_at').notNull(),
  greylistedSince: ts('greylisted_since'),
  attempts: integer('attempts').notNull().default(0),
  retryAt: ts('retry_at'),
});

export const emailDomains = pgTable('email_domains', {
  domain: text('domain').primaryKey(),
  dns: text('dns').notNull(),
  mx: jsonb('mx'),
  mxImplicit: boolean('mx_implicit').notNull().default(false),
  checkedAt: ts('checked_at').notNull(),
  acceptAll: boolean('accept_all'),
  acceptAllCheckedAt: ts('accept_all_checked_at'),
});
