import { z } from 'zod';
import { emailSchema } from './common.js';
import { meSchema, passwordSchema } from './auth.js';
import { timeZoneSchema } from './workspace.js';

export const profileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** A new address waiting for its confirmation link to be followed. */
  pendingEmail: z.string().nullable(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  timeZone: z.string().nullable(),
  totpEnabled: z.boolean(),
  recoveryCodesRemaining: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

export const profileUpdateBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(120, 'Use at most 120 characters').optional(),
  jobTitle: nullableText(120).optional(),
  /** Any readable format; stored as E.164 using the workspace's default phone region. */
  phone: nullableText(40).optional(),
  timeZone: timeZoneSchema.nullable().optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

export const emailChangeBodySchema = z.object({
  newEmail: emailSchema,
  password: z.string().min(1, 'Enter your current password').max(200),
});
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

export const emailChangeConfirmBodySchema = z.object({ token: z.string().min(10).max(200) });
export const emailChangeConfirmResultSchema = z.object({ email: z.string() });

export const passwordChangeBodySchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(200),
  newPassword: passwordSchema,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code image (data: URL). */
  qrDataUrl: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

export const totpEnableBodySchema = z.object({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Disabling 2FA or making new recovery codes: the password and a current code (or a recovery code). */
export const totpConfirmBodySchema = z.object({
  password: z.string().min(1, 'Enter your password').max(200),
  code: z.string().trim().min(6, 'Enter a code from your authenticator app or a recovery code').max(32),
});
export type TotpConfirmBody = z.infer<typeof totpConfirmBodySchema>;

export const sessionInfoSchema = z.object({
  id: z.uuid(),
  browser: z.string(),
  os: z.string(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'api', 'unknown']),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.object({ data: z.array(sessionInfoSchema) });

export const revokedCountSchema = z.object({ revoked: z.number().int() });

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the key, to recognise it. */
  prefix: z.string(),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });

export const apiKeyCreateBodySchema = z.object({
  name: z.string().trim().min(1, 'Name the key (e.g. "CRM sync")').max(80, 'Use at most 80 characters'),
});
/** The only answer that carries the secret key. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const switchWorkspaceBodySchema = z.object({ workspaceId: z.uuid({ message: 'Choose a workspace' }) });
export type SwitchWorkspaceBody = z.infer<typeof switchWorkspaceBodySchema>;
export const switchWorkspaceResultSchema = meSchema;
