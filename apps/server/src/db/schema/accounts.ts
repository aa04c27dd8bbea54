import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  // profile and second-factor limiter (migration 0200)
  jobTitle: text('job_title'),
  phone: text('phone'),
  timeZone: text('time_zone'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  totpFailedAttempts: integer('totp_failed_attempts').notNull().default(0),
  totpLastFailedAt: ts('totp_last_failed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  // company settings (migration 0200)
  website: text('website'),
  domain: text('domain'),
  address: text('address'),
  taxId: text('tax_id'),
  // basis points (migration 0660, billing)
  taxRateBps: integer('tax_rate_bps').notNull().default(0),
  timeZone: text('time_zone').notNull().default('UTC'),
  defaultPhoneRegion: text('default_phone_region').notNull().default('US'),
  restrictInvitesToDomain: boolean('restrict_invites_to_domain').notNull().default(false),
  logoUpdatedAt: ts('logo_updated_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const members = pgTable(
  'members',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    status: text('status', { enum: ['active', 'deactivated'] }).notNull().default('active'),
    lastActiveAt: ts('last_active_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  userId: uuid('user_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  sent: boolean('sent').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Wrong sign-ins per email address (migration 0501, decision 0014). */
export const loginThrottles = pgTable('login_throttles', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A browser that signed in to the account: its own login throttle (migration 0820, decision 0028). */
export const trustedDevices = pgTable('trusted_devices', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});

/** A sign-up waiting for its emailed link (migration 0502). */
export const registrations = pgTable('registrations', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  companyName: text('company_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
