import { z } from 'zod';

/**
 * Webhooks (issue 17, PRODUCT.md section 9): endpoints an owner or admin registers, and the
 * deliveries of each. Every delivery is a JSON POST of `{id, type, createdAt, data}` with the
 * headers `Leadtrail-Event-Id`, `Leadtrail-Event-Type` and `Leadtrail-Signature: t=<unix>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`.
 *
 * POST /api/v1/webhooks · GET · GET|PATCH|DELETE /{id} · GET /{id}/deliveries ·
 * POST /{id}/deliveries/{deliveryId}/resend · POST /{id}/test
 */

export const webhookEventTypes = [
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'contact.email_verified',
  'company.created',
  'company.updated',
  'company.deleted',
  'import.completed',
  'prospect.revealed',
  'list.members_added',
  'credits.low',
] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** The sample event `POST /{id}/test` sends (only to that endpoint; never subscribable). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * A spend that takes the balance from this many credits or more to fewer sends `credits.low`
 * (once per crossing). 10 is a fifth of the Free plan's monthly 50: low for every plan.
 */
export const CREDITS_LOW_THRESHOLD = 10;

export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter an http:// or https:// URL' }));

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

export const webhookCreateSchema = z.object({
  url: webhookUrlSchema,
  events: eventsSchema,
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.object({
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  /** true switches a disabled endpoint back on (its failure count starts again) */
  enabled: z.boolean().optional(),
});
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** why the sender switched it off (a day of failed deliveries); null otherwise */
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The creation's answer: the only time the signing secret is shown. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookListSchema = z.object({ data: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  eventId: z.uuid(),
  eventType: z.string(),
  /** pending: waiting for its first attempt or a retry; failed: retries given up */
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  /** when the next attempt is due (pending only) */
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** the delivery this one sends again, for a "send again" */
  resentFrom: z.uuid().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({ data: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() });
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});

export const webhookParamsSchema = z.object({ id: z.uuid() });
export const webhookDeliveryParamsSchema = z.object({ id: z.uuid(), deliveryId: z.uuid() });

/** What every delivery's body holds. */
export type WebhookEventBody = { id: string; type: string; createdAt: string; workspaceId: string; data: unknown };
