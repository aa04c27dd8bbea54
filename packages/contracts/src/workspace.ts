import { z } from 'zod';

/** True for an IANA time zone name the runtime knows (aliases included). */
export const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, { message: 'Choose a time zone from the list' });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .nullable()
    .transform((v) => (v ? v : null));

export const workspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  website: z.string().nullable(),
  /** The company's email domain (restricts invitations when asked). */
  domain: z.string().nullable(),
  address: z.string().nullable(),
  taxId: z.string().nullable(),
  /** Tax charged on invoices, in basis points (2000 = 20 %). */
  taxRateBps: z.number().int(),
  timeZone: z.string(),
  /** ISO 3166-1 alpha-2 region used to read phone numbers written without a country code. */
  defaultPhoneRegion: z.string(),
  restrictInvitesToDomain: z.boolean(),
  /** Same-origin URL of the logo (changes when the logo does), or null. */
  logoUrl: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceUpdateBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter the company name').max(120, 'Use at most 120 characters').optional(),
  website: optionalText(200, 'Website').optional(),
  domain: optionalText(253, 'Domain').optional(),
  address: optionalText(500, 'Address').optional(),
  taxId: optionalText(64, 'Tax ID').optional(),
  taxRateBps: z.number().int('Use whole basis points').min(0, 'The tax rate is 0 % to 100 %').max(10_000, 'The tax rate is 0 % to 100 %').optional(),
  timeZone: timeZoneSchema.optional(),
  defaultPhoneRegion: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a country')
    .optional(),
  restrictInvitesToDomain: z.boolean().optional(),
});
export type WorkspaceUpdateBody = z.input<typeof workspaceUpdateBodySchema>;

export const LOGO_MAX_BYTES = 1024 * 1024;
export const logoContentTypes = ['image/png', 'image/jpeg'] as const;
