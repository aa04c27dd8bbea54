import { z } from 'zod';

/**
 * The audit log (issue 15, PRODUCT.md section 7a): who did what, when, from where. Rows are
 * written by the server in the transaction of the action they record and never changed.
 *
 * GET /api/v1/audit-log?limit&cursor&memberId&action&from&to (owner/admin), newest first
 * GET /api/v1/audit-log/export?memberId&action&from&to (CSV)
 */

/** Every action the log knows, as `area.event`. A new kind of event is added here first. */
export const auditActions = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sessions_revoked',
  'account.2fa_enabled',
  'account.2fa_disabled',
  'member.role_changed',
  'member.deactivated',
  'invitation.sent',
  'invitation.accepted',
  'invitation.revoked',
  'api_key.created',
  'api_key.revoked',
  'api_key.used',
  'export.downloaded',
  'prospects.revealed',
  'prospects.reveal_cancelled',
  'import.started',
  'import.undone',
  'records.bulk_deleted',
  'privacy.erasure',
  'privacy.workspace_export',
  'privacy.retention_changed',
  'billing.plan_changed',
  'billing.seats_changed',
  'billing.subscription_canceled',
  'billing.subscription_resumed',
  'billing.credits_purchased',
  'billing.payment_method_updated',
  'suppression.removed',
] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sessions_revoked': 'Signed out other sessions',
  'account.2fa_enabled': 'Two-factor enabled',
  'account.2fa_disabled': 'Two-factor disabled',
  'member.role_changed': 'Role changed',
  'member.deactivated': 'Member deactivated',
  'invitation.sent': 'Invitation sent',
  'invitation.accepted': 'Invitation accepted',
  'invitation.revoked': 'Invitation revoked',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'api_key.used': 'API key used',
  'export.downloaded': 'Exported',
  'prospects.revealed': 'Prospects revealed',
  'prospects.reveal_cancelled': 'Bulk reveal cancelled',
  'import.started': 'Import started',
  'import.undone': 'Import undone',
  'records.bulk_deleted': 'Records deleted in bulk',
  'privacy.erasure': 'Person erased',
  'privacy.workspace_export': 'Workspace exported',
  'privacy.retention_changed': 'Retention changed',
  'billing.plan_changed': 'Plan changed',
  'billing.seats_changed': 'Seats changed',
  'billing.subscription_canceled': 'Subscription canceled',
  'billing.subscription_resumed': 'Subscription resumed',
  'billing.credits_purchased': 'Credits purchased',
  'billing.payment_method_updated': 'Payment method updated',
  'suppression.removed': 'Suppression removed',
};

export const auditActorTypes = ['member', 'api_key', 'system'] as const;
export type AuditActorType = (typeof auditActorTypes)[number];

/** Rows are kept this long; a daily job prunes older ones. */
export const AUDIT_RETENTION_DAYS = 365;

const isoDateTime = z.iso.datetime({ offset: true });

export const auditTargetSchema = z.object({
  type: z.string(),
  id: z.string().nullable(),
  label: z.string().nullable(),
});

export const auditEntrySchema = z.object({
  id: z.uuid(),
  createdAt: isoDateTime,
  action: z.string(),
  actor: z.object({
    type: z.enum(auditActorTypes),
    memberId: z.uuid().nullable(),
    apiKeyId: z.uuid().nullable(),
    /** the member's name (or email) or the key's name when it happened */
    label: z.string().nullable(),
  }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  target: auditTargetSchema.nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Dates inclusive: a UTC day (yyyy-mm-dd) or an ISO time. */
export const auditLogFilterSchema = z.object({
  memberId: z.uuid().optional(),
  action: auditActionSchema.optional(),
  from: z.union([z.iso.date(), isoDateTime]).optional(),
  to: z.union([z.iso.date(), isoDateTime]).optional(),
});
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

export const auditLogQuerySchema = auditLogFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLogPageSchema = z.object({
  data: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
