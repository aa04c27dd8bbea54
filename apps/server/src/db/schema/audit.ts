import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditActorTypes } from '@leadtrail/contracts';

/** The audit log (migration 0700): append-only; the application role may insert and read only. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const auditLog = pgTable(
  'audit_log',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    action: text('action').notNull(),
    actorType: text('actor_type', { enum: auditActorTypes }).notNull(),
    actorMemberId: uuid('actor_member_id'),
    actorUserId: uuid('actor_user_id'),
    actorApiKeyId: uuid('actor_api_key_id'),
    actorLabel: text('actor_label'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
