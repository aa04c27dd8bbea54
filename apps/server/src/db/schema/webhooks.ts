import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Migration 0720: endpoints a workspace's owner or admin registers. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    failingSince: ts('failing_since'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

/** Migration 0720: the outbox, written in the transaction of the change an event describes. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

/** Migration 0720: one event to one endpoint, with its attempts' outcome. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: ts('last_attempt_at'),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    resentFrom: uuid('resent_from'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
