import {
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEventBody,
  type WebhookEventType,
  type WebhookUpdate,
} from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { invalidCursor, invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mail.js';
import { ForbiddenTargetError, resolvePublic } from './webhook-address.js';
import type { WebhookSend } from './webhook-sender.js';
import { newWebhookSecret, SIGNATURE_HEADER, signWebhook } from './webhook-signature.js';
import type { DeliveryWithType, RawTx, WebhookEndpointRow, WebhooksRepository } from './webhooks.repository.js';

/** Waits after the 1st, 2nd, … failed attempt; the last one repeats until the 24 h are over. */
export const RETRY_DELAYS_SECONDS = [10, 30, 60, 5 * 60, 15 * 60, 30 * 60, 60 * 60, 2 * 3600, 4 * 3600, 6 * 3600];
/** A delivery is retried for this long after it was created, then marked failed. */
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;
/** An endpoint whose every attempt has failed for this long is disabled and the owner emailed. */
export const DISABLE_AFTER_FAILING_MS = 24 * 3600 * 1000;
/** Events and their deliveries log are kept this long (a delivery still being retried, longer). */
export const RETENTION_DAYS = 30;
/** A claimed delivery is held this long by its worker (more than a send's 10 s timeout). */
const LEASE_SECONDS = 60;
const CLAIM_BATCH = 20;

/** Who an event is emitted for: the workspace is what matters (a job or a request). */
export type EmitScope = Pick<RequestContext, 'workspaceId'>;

/** What other modules' use cases call, in their own transaction (a raw client's for an import's steps). */
export type WebhookEvents = {
  emitIn: (tx: Tx, scope: EmitScope, type: WebhookEventType, data: unknown) => Promise<void>;
  emitOnClientIn: (client: RawTx, scope: EmitScope, type: WebhookEventType, data: unknown) => Promise<void>;
  /**
   * One event per item (a bulk operation's records), written set-based. `items` may be a
   * function: it is called only when some endpoint listens (the records are read for nothing otherwise).
   */
  emitManyIn: (tx: Tx, scope: EmitScope, type: WebhookEventType, items: unknown[] | (() => Promise<unknown[]>)) => Promise<void>;
};

/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters in one). */
const INSERT_CHUNK = 5000;

type Log = { error: (obj: object, msg?: string) => void; info?: (obj: object, msg?: string) => void };

/**
 * Webhooks (issue 17). Other modules' use cases emit events into the outbox in their own
 * transaction (`emitIn`): the event and one delivery per subscribed endpoint commit or roll
 * back with the change. The worker (webhooks.jobs.ts) sends due deliveries every second,
 * signed; each attempt is recorded, failures retried with back-off for 24 h, and an endpoint
 * that has failed for a day is disabled and its workspace owner emailed.
 */
export function createWebhooksService(deps: {
  uow: UnitOfWork;
  repo: WebhooksRepository;
  send: WebhookSend;
  mailer: Mailer;
  appUrl: string;
  /** WEBHOOK_ALLOW_PRIVATE: private and loopback targets accepted (tests, local development) */
  allowPrivate: boolean;
  log: Log;
}) {
  const { uow, repo, send, mailer, appUrl, log } = deps;

  const toDto = (row: WebhookEndpointRow): Webhook => ({
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const deliveryDto = (d: DeliveryWithType): WebhookDelivery => ({
    id: d.id,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    responseCode: d.responseCode,
    durationMs: d.durationMs,
    error: d.error,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    resentFrom: d.resentFrom,
    createdAt: d.createdAt.toISOString(),
  });

  /** A URL whose host resolves to a private address is refused (400) before anything is saved. */
  async function ensureTarget(url: string) {
    try {
      await resolvePublic(new URL(url).hostname, deps.allowPrivate);
    } catch (err) {
      if (err instanceof ForbiddenTargetError)
        throw invalidField(
          'url',
          err.address
            ? 'This URL points to a private, loopback or reserved address; webhooks go to public addresses only'
            : "This URL's host could not be resolved",
        );
      throw err;
    }
  }

  async function endpoint(tx: Tx, ctx: RequestContext, id: string, opts: { lock?: boolean } = {}) {
    const row = await repo.findEndpoint(tx, ctx.workspaceId, id, opts);
    if (!row) throw notFound('Webhook');
    return row;
  }

  // the enabled endpoints, read once per transaction: a use case emitting several events (a
  // reveal: company.created, contact.created, prospect.revealed) asks once
  const endpointsByTx = new WeakMap<Tx, Promise<{ id: string; events: string[] }[]>>();
  async function subscribedIn(tx: Tx, workspaceId: string, type: string): Promise<string[]> {
    let read = endpointsByTx.get(tx);
    if (!read) endpointsByTx.set(tx, (read = repo.enabledEndpoints(tx, workspaceId)));
    return (await read).filter((e) => e.events.includes(type)).map((e) => e.id);
  }

  async function emitIn(tx: Tx, scope: EmitScope, type: WebhookEventType | typeof WEBHOOK_TEST_EVENT, data: unknown, only?: string) {
    const endpointIds = only ? [only] : await subscribedIn(tx, scope.workspaceId, type);
    // nobody listens: nothing is written (the outbox holds only what will be sent)
    if (!endpointIds.length) return [];
    const event = await repo.insertEvent(tx, { workspaceId: scope.workspaceId, id: newId(), type, payload: data ?? null });
    return repo.insertDeliveries(
      tx,
      endpointIds.map((endpointId) => ({ workspaceId: scope.workspaceId, id: newId(), endpointId, eventId: event.id })),
    );
  }

  /** The body of a delivery: the same for every attempt of an event (its id included). */
  const bodyOf = (event: { id: string; type: string; createdAt: Date; workspaceId: string; payload: unknown }) =>
    JSON.stringify({
      id: event.id,
      type: event.type,
      createdAt: event.createdAt.toISOString(),
      workspaceId: event.workspaceId,
      data: event.payload,
    } satisfies WebhookEventBody);

  async function notifyDisabled(workspaceId: string, url: string) {
    const to = await uow.tenant({ workspaceId }, (tx) => repo.ownerEmail(tx, workspaceId));
    if (!to) return;
    await mailer.send({
      to,
      subject: 'A webhook endpoint was disabled',
      text: [
        `Every delivery to your webhook endpoint ${url} has failed for the last 24 hours, so Leadtrail has stopped sending to it.`,
        '',
        `Check the endpoint, then turn it back on under Settings → API & webhooks: ${appUrl}/settings/api-webhooks`,
        'Deliveries waiting for it are sent once it is enabled again.',
      ].join('\n'),
    });
  }

  /**
   * One attempt of one delivery: sent outside any transaction (a slow receiver holds no
   * connection), then its outcome and the endpoint's failure run are written in one.
   */
  type ToSend = NonNullable<Awaited<ReturnType<typeof repo.deliveryToSend>>>;
  type Sent = { result: Awaited<ReturnType<typeof send>>; at: Date };

  /** The HTTP request of one attempt: network I/O, outside any transaction. */
  async function deliver({ delivery, event, endpoint: target }: ToSend): Promise<Sent> {
    const body = bodyOf(event);
    const timestamp = Math.floor(Date.now() / 1000);
    const result = await send(target.url, body, {
      [SIGNATURE_HEADER]: signWebhook(target.secret, body, timestamp),
      'Leadtrail-Event-Id': event.id,
      'Leadtrail-Event-Type': event.type,
      'Leadtrail-Delivery-Id': delivery.id,
    });
    return { result, at: new Date() };
  }

  /** An attempt's outcome on the delivery and its endpoint, in the caller's unit; true when the endpoint was disabled by it. */
  async function recordResultIn(tx: Tx, workspaceId: string, { delivery, endpoint: target }: ToSend, { result, at }: Sent): Promise<boolean> {
    const attempts = delivery.attempts + 1;
    const ep = await repo.findEndpoint(tx, workspaceId, target.id, { lock: true });
    const common = { attempts, lastAttemptAt: at, responseCode: result.status, durationMs: result.durationMs, error: result.error };
    if (result.ok) {
      await repo.recordAttempt(tx, workspaceId, delivery.id, { ...common, status: 'succeeded', deliveredAt: at });
      if (ep && (ep.consecutiveFailures || ep.failingSince)) await repo.updateEndpoint(tx, workspaceId, ep.id, { consecutiveFailures: 0, failingSince: null });
      return false;
    }
    const delay = RETRY_DELAYS_SECONDS[Math.min(attempts, RETRY_DELAYS_SECONDS.length) - 1]! * 1000;
    const next = new Date(at.getTime() + delay);
    const givenUp = next.getTime() > delivery.createdAt.getTime() + RETRY_WINDOW_MS;
    await repo.recordAttempt(tx, workspaceId, delivery.id, { ...common, status: givenUp ? 'failed' : 'pending', nextAttemptAt: next });
    if (!ep) return false;
    const failingSince = ep.failingSince ?? at;
    const disable = ep.enabled && at.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
    await repo.updateEndpoint(tx, workspaceId, ep.id, {
      consecutiveFailures: ep.consecutiveFailures + 1,
      failingSince,
      ...(disable ? { enabled: false, disabledReason: 'Every delivery failed for 24 hours' } : {}),
    });
    return disable;
  }

  async function afterDisabled(workspaceId: string, target: ToSend['endpoint']) {
    log.info?.({ workspaceId, endpointId: target.id }, 'webhooks: endpoint disabled after a day of failures');
    await notifyDisabled(workspaceId, target.url).catch((err: unknown) => log.error({ err, workspaceId }, 'webhooks: could not email the owner'));
  }

  /** One attempt (the worker's): the delivery read, sent outside any transaction, its outcome recorded. */
  async function attempt(workspaceId: string, deliveryId: string): Promise<void> {
    const found = await uow.tenant({ workspaceId }, (tx) => repo.deliveryToSend(tx, workspaceId, deliveryId));
    if (!found || found.delivery.status !== 'pending') return;
    const sent = await deliver(found);
    if (await uow.tenant({ workspaceId }, (tx) => recordResultIn(tx, workspaceId, found, sent))) await afterDisabled(workspaceId, found.endpoint);
  }

  return {
    emitIn: (tx: Tx, scope: EmitScope, type: WebhookEventType, data: unknown) => emitIn(tx, scope, type, data).then(() => undefined),

    async emitOnClientIn(client: RawTx, scope: EmitScope, type: WebhookEventType, data: unknown): Promise<void> {
      const endpointIds = await repo.subscribedIdsRaw(client, scope.workspaceId, type);
      if (!endpointIds.length) return;
      await repo.insertEventRaw(client, scope.workspaceId, { id: newId(), type, payload: data }, endpointIds.map((endpointId) => ({ id: newId(), endpointId })));
    },

    async emitManyIn(tx: Tx, scope: EmitScope, type: WebhookEventType, given: unknown[] | (() => Promise<unknown[]>)): Promise<void> {
      if (Array.isArray(given) && !given.length) return;
      const endpointIds = await subscribedIn(tx, scope.workspaceId, type);
      if (!endpointIds.length) return;
      const items = Array.isArray(given) ? given : await given();
      for (let i = 0; i < items.length; i += INSERT_CHUNK) {
        const events = items.slice(i, i + INSERT_CHUNK).map((payload) => ({ workspaceId: scope.workspaceId, id: newId(), type, payload: payload ?? null }));
        await repo.insertEvents(tx, events);
        const rows = events.flatMap((e) => endpointIds.map((endpointId) => ({ workspaceId: scope.workspaceId, id: newId(), endpointId, eventId: e.id })));
        for (let j = 0; j < rows.length; j += INSERT_CHUNK) await repo.insertDeliveries(tx, rows.slice(j, j + INSERT_CHUNK));
      }
    },

    list: (ctx: RequestContext) => uow.tenant(ctx, async (tx) => ({ data: (await repo.listEndpoints(tx, ctx.workspaceId)).map(toDto) })),

    get: (ctx: RequestContext, id: string) => uow.tenant(ctx, async (tx) => toDto(await endpoint(tx, ctx, id))),

    async create(ctx: RequestContext, body: WebhookCreate): Promise<WebhookCreated> {
      await ensureTarget(body.url);
      const secret = newWebhookSecret();
      return uow.tenant(ctx, async (tx) => {
        const row = await repo.insertEndpoint(tx, {
          workspaceId: ctx.workspaceId,
          id: newId(),
          url: body.url,
          events: [...new Set(body.events)],
          secret,
          createdBy: ctx.memberId,
        });
        return { ...toDto(row), secret };
      });
    },

    async update(ctx: RequestContext, id: string, body: WebhookUpdate): Promise<Webhook> {
      if (body.url) await ensureTarget(body.url);
      return uow.tenant(ctx, async (tx) => {
        const row = await endpoint(tx, ctx, id, { lock: true });
        const changes = {
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
          // switched on again: its failure run starts over
          ...(body.enabled === true && !row.enabled ? { disabledReason: null, consecutiveFailures: 0, failingSince: null } : {}),
          ...(body.enabled === false ? { disabledReason: null } : {}),
        };
        return toDto(Object.keys(changes).length ? await repo.updateEndpoint(tx, ctx.workspaceId, id, changes) : row);
      });
    },

    remove: (ctx: RequestContext, id: string) =>
      uow.tenant(ctx, async (tx) => {
        await endpoint(tx, ctx, id);
        await repo.deleteEndpoint(tx, ctx.workspaceId, id);
      }),

    async deliveries(ctx: RequestContext, id: string, q: { limit: number; cursor?: string }): Promise<WebhookDeliveryPage> {
      if (q.cursor && !/^[0-9a-f-]{36}$/i.test(q.cursor)) throw invalidCursor();
      return uow.tenant(ctx, async (tx) => {
        await endpoint(tx, ctx, id);
        const rows = await repo.deliveriesPage(tx, ctx.workspaceId, id, q.limit + 1, q.cursor);
        const page = rows.slice(0, q.limit);
        return { data: page.map(deliveryDto), nextCursor: rows.length > q.limit ? page[page.length - 1]!.id : null };
      });
    },

    /** "Send again": a new delivery of the same event (same id, same body) to the endpoint, due now. */
    async resend(ctx: RequestContext, id: string, deliveryId: string): Promise<WebhookDelivery> {
      return uow.tenant(ctx, async (tx) => {
        await endpoint(tx, ctx, id);
        const earlier = await repo.findDelivery(tx, ctx.workspaceId, id, deliveryId);
        if (!earlier) throw notFound('Delivery');
        const [made] = await repo.insertDeliveries(tx, [
          { workspaceId: ctx.workspaceId, id: newId(), endpointId: id, eventId: earlier.eventId, resentFrom: earlier.id },
        ]);
        return deliveryDto({ ...made!, eventType: earlier.eventType });
      });
    },

    /** A signed sample event to this endpoint only, sent now; answers the delivery as it ended. */
    async test(ctx: RequestContext, id: string): Promise<WebhookDelivery> {
      const made = await uow.tenant(ctx, async (tx) => {
        const row = await endpoint(tx, ctx, id);
        const sample = { message: 'A test event from Leadtrail', endpointId: row.id, sentBy: ctx.memberId };
        const [delivery] = await emitIn(tx, ctx, WEBHOOK_TEST_EVENT, sample, row.id);
        // held for this request's own attempt: the worker's poll must not send it too
        await repo.recordAttempt(tx, ctx.workspaceId, delivery!.id, { nextAttemptAt: new Date(Date.now() + LEASE_SECONDS * 1000) });
        return (await repo.deliveryToSend(tx, ctx.workspaceId, delivery!.id))!;
      });
      // two units (decision 0039): the network I/O must not hold a transaction
      const sent = await deliver(made);
      const { dto, disabled } = await uow.tenant(ctx, async (tx) => {
        const disabled = await recordResultIn(tx, ctx.workspaceId, made, sent);
        return { dto: deliveryDto((await repo.findDelivery(tx, ctx.workspaceId, id, made.delivery.id))!), disabled };
      });
      if (disabled) await afterDisabled(ctx.workspaceId, made.endpoint);
      return dto;
    },

    /** Deletes events older than RETENTION_DAYS and their deliveries; answers how many events went. */
    prune: (now = new Date()) => uow.admin((tx) => repo.pruneBefore(tx, new Date(now.getTime() - RETENTION_DAYS * 24 * 3600 * 1000))),

    /**
     * The worker's tick: claims due deliveries (any workspace; leased so no other worker
     * takes them) and sends them, a few at a time. Answers how many it attempted.
     */
    async dispatchDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const due = await uow.admin((tx) => repo.claimDue(tx, CLAIM_BATCH, LEASE_SECONDS));
        if (!due.length) return total;
        // workspaces side by side; a workspace's deliveries one after the other, oldest first
        // (ids are time-ordered), so a receiver sees created before updated before deleted
        const byWorkspace = new Map<string, string[]>();
        for (const d of [...due].sort((x, y) => (x.id < y.id ? -1 : 1))) {
          const ids = byWorkspace.get(d.workspaceId);
          if (ids) ids.push(d.id);
          else byWorkspace.set(d.workspaceId, [d.id]);
        }
        await Promise.all(
          [...byWorkspace].map(async ([workspaceId, ids]) => {
            for (const id of ids) {
              await attempt(workspaceId, id).catch((err: unknown) => log.error({ err, deliveryId: id }, 'webhooks: delivery attempt failed to run'));
            }
          }),
        );
        total += due.length;
        if (due.length < CLAIM_BATCH) return total;
      }
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
