import type pg from 'pg';
import { and, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/webhooks.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type DeliveryWithType = WebhookDeliveryRow & { eventType: string };
/** A raw transaction's client (an import's steps run on one, for COPY). */
export type RawTx = pg.PoolClient;
export type EndpointChanges = Partial<
  Pick<WebhookEndpointRow, 'url' | 'events' | 'enabled' | 'disabledReason' | 'failingSince' | 'consecutiveFailures'>
>;
export type AttemptChanges = Partial<
  Pick<WebhookDeliveryRow, 'status' | 'attempts' | 'nextAttemptAt' | 'lastAttemptAt' | 'responseCode' | 'durationMs' | 'error' | 'deliveredAt'>
>;

const deliveryColumns = { ...getTableColumns(webhookDeliveries), eventType: webhookEvents.type };

/** The only file that queries the webhook tables. Every method runs in the caller's `tx`. */
export function createWebhooksRepository() {
  const endpointOf = (workspaceId: string, id: string) => and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id));

  return {
    listEndpoints: (tx: Tx, workspaceId: string): Promise<WebhookEndpointRow[]> =>
      tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, workspaceId)).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id),

    async findEndpoint(tx: Tx, workspaceId: string, id: string, opts: { lock?: boolean } = {}): Promise<WebhookEndpointRow | null> {
      const q = tx.select().from(webhookEndpoints).where(endpointOf(workspaceId, id)).limit(1);
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async insertEndpoint(tx: Tx, row: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
      const [saved] = await tx.insert(webhookEndpoints).values(row).returning();
      return saved!;
    },

    async updateEndpoint(tx: Tx, workspaceId: string, id: string, changes: EndpointChanges): Promise<WebhookEndpointRow> {
      const [saved] = await tx.update(webhookEndpoints).set({ ...changes, updatedAt: new Date() }).where(endpointOf(workspaceId, id)).returning();
      return saved!;
    },

    async deleteEndpoint(tx: Tx, workspaceId: string, id: string): Promise<void> {
      await tx.delete(webhookEndpoints).where(endpointOf(workspaceId, id));
    },

    /** The workspace's enabled endpoints with the events each takes. */
    async enabledEndpoints(tx: Tx, workspaceId: string): Promise<{ id: string; events: string[] }[]> {
      return tx
        .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.enabled, true)));
    },

    async insertEvent(tx: Tx, row: typeof webhookEvents.$inferInsert): Promise<WebhookEventRow> {
      const [saved] = await tx.insert(webhookEvents).values(row).returning();
      return saved!;
    },

    async insertEvents(tx: Tx, rows: (typeof webhookEvents.$inferInsert)[]): Promise<void> {
      if (rows.length) await tx.insert(webhookEvents).values(rows);
    },

    async insertDeliveries(tx: Tx, rows: (typeof webhookDeliveries.$inferInsert)[]): Promise<WebhookDeliveryRow[]> {
      if (!rows.length) return [];
      return tx.insert(webhookDeliveries).values(rows).returning();
    },

    /** The enabled endpoints subscribed to an event type, on a raw client's transaction (with insertEventRaw). */
    async subscribedIdsRaw(client: RawTx, workspaceId: string, type: string): Promise<string[]> {
      const r = await client.query<{ id: string }>(
        'select id from webhook_endpoints where workspace_id = $1 and enabled and events @> array[$2]::text[]',
        [workspaceId, type],
      );
      return r.rows.map((row) => row.id);
    },

    async insertEventRaw(client: RawTx, workspaceId: string, event: { id: string; type: string; payload: unknown }, deliveries: { id: string; endpointId: string }[]) {
      await client.query('insert into webhook_events (workspace_id, id, type, payload) values ($1, $2, $3, $4::jsonb)', [
        workspaceId, event.id, event.type, JSON.stringify(event.payload ?? null),
      ]);
      await client.query(
        'insert into webhook_deliveries (workspace_id, id, endpoint_id, event_id) select $1, d.id, d.endpoint_id, $2 from unnest($3::uuid[], $4::uuid[]) as d (id, endpoint_id)',
        [workspaceId, event.id, deliveries.map((d) => d.id), deliveries.map((d) => d.endpointId)],
      );
    },

    /** Due deliveries of enabled endpoints, across workspaces, each leased for `leaseSeconds` (migration 0720). */
    async claimDue(tx: Tx, limit: number, leaseSeconds: number): Promise<{ workspaceId: string; id: string }[]> {
      const r = await tx.execute<{ workspace_id: string; id: string }>(sql`select workspace_id, id from webhook_deliveries_claim(${limit}, ${leaseSeconds})`);
      return r.rows.map((row) => ({ workspaceId: row.workspace_id, id: row.id }));
    },

    /** Deletes events (and their deliveries) created before `before`, none still being retried (migration 0721). */
    async pruneBefore(tx: Tx, before: Date): Promise<number> {
      const r = await tx.execute<{ n: number }>(sql`select prune_webhook_events(${before.toISOString()}::timestamptz) as n`);
      return r.rows[0]?.n ?? 0;
    },

    /** A delivery with its event and endpoint, for sending it. */
    async deliveryToSend(tx: Tx, workspaceId: string, id: string) {
      const [row] = await tx
        .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, and(eq(webhookEvents.workspaceId, webhookDeliveries.workspaceId), eq(webhookEvents.id, webhookDeliveries.eventId)))
        .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.workspaceId, webhookDeliveries.workspaceId), eq(webhookEndpoints.id, webhookDeliveries.endpointId)))
        .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.id, id)))
        .limit(1);
      return row ?? null;
    },

    async recordAttempt(tx: Tx, workspaceId: string, id: string, changes: AttemptChanges): Promise<void> {
      await tx.update(webhookDeliveries).set(changes).where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.id, id)));
    },

    /** Newest first, keyset by id (time-ordered UUIDs). */
    async deliveriesPage(tx: Tx, workspaceId: string, endpointId: string, limit: number, beforeId?: string): Promise<DeliveryWithType[]> {
      return tx
        .select(deliveryColumns)
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, and(eq(webhookEvents.workspaceId, webhookDeliveries.workspaceId), eq(webhookEvents.id, webhookDeliveries.eventId)))
        .where(
          and(
            eq(webhookDeliveries.workspaceId, workspaceId),
            eq(webhookDeliveries.endpointId, endpointId),
            beforeId ? lt(webhookDeliveries.id, beforeId) : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit);
    },

    async findDelivery(tx: Tx, workspaceId: string, endpointId: string, id: string): Promise<DeliveryWithType | null> {
      const [row] = await tx
        .select(deliveryColumns)
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, and(eq(webhookEvents.workspaceId, webhookDeliveries.workspaceId), eq(webhookEvents.id, webhookDeliveries.eventId)))
        .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** The workspace owner's address, for the endpoint-disabled email. */
    async ownerEmail(tx: Tx, workspaceId: string): Promise<string | null> {
      const r = await tx.execute<{ email: string }>(
        sql`select u.email from members m join users u on u.id = m.user_id where m.workspace_id = ${workspaceId} and m.role = 'owner' limit 1`,
      );
      return r.rows[0]?.email ?? null;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
