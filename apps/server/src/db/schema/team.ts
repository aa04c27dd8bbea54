import { customType, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const workspaceLogos = pgTable('workspace_logos', {
  workspaceId: uuid('workspace_id').primaryKey(),
  contentType: text('content_type', { enum: ['image/png', 'image/jpeg'] }).notNull(),
  data: bytea('data').notNull(),
  byteSize: integer('byte_size').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const invitations = pgTable(
  'invitations',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    invitedByUserId: uuid('invited_by_user_id'),
    expiresAt: ts('expires_at').notNull(),
    lastSentAt: ts('last_sent_at').notNull().defaultNow(),
    acceptedAt: ts('accepted_at'),
    acceptedUserId: uuid('accepted_user_id'),
    revokedAt: ts('revoked_at'),
    /** SHA-256 of the link's token (migration 0201); a new link replaces it. */
    tokenHash: text('token_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const recoveryCodes = pgTable('recovery_codes', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const emailChanges = pgTable('email_changes', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  newEmail: text('new_email').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
