import { z } from 'zod';
import { emailSchema } from './common.js';
import { passwordSchema } from './auth.js';

/** Roles an invitation can grant: ownership is only ever transferred. */
export const invitableRoles = ['admin', 'member'] as const;
export type InvitableRole = (typeof invitableRoles)[number];

export const invitationStates = ['pending', 'expired', 'revoked', 'accepted'] as const;
export type InvitationState = (typeof invitationStates)[number];

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(invitableRoles),
  state: z.enum(invitationStates),
  invitedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  lastSentAt: z.iso.datetime({ offset: true }),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({
  data: z.array(invitationSchema),
  nextCursor: z.string().nullable(),
});

/** One address (`email`) or several (`emails`, or pasted text split on commas, spaces, new lines). */
export const inviteBodySchema = z
  .object({
    email: emailSchema.optional(),
    emails: z.array(emailSchema).max(50, 'Invite at most 50 people at once').optional(),
    role: z.enum(invitableRoles, { message: 'Choose admin or member' }),
  })
  .refine((b) => b.email !== undefined || (b.emails !== undefined && b.emails.length > 0), {
    message: 'Enter at least one email address',
    path: ['emails'],
  });
export type InviteBody = z.infer<typeof inviteBodySchema>;

export const inviteResultSchema = z.object({ data: z.array(invitationSchema) });
export type InviteResult = z.infer<typeof inviteResultSchema>;

/**
 * The public link routes share the management routes' path template (`/invitations/{id}`): one path,
 * two kinds of key. Here `id` is the token of the emailed link, not the invitation's id.
 */
export const invitationTokenParamsSchema = z.object({
  id: z.string().min(10).max(200).describe("The token of the emailed invitation link (not the invitation's id)"),
});

/** The public preview behind an invitation link. */
export const invitationPreviewSchema = z.object({
  state: z.enum(invitationStates),
  email: z.string(),
  role: z.enum(invitableRoles),
  workspaceName: z.string(),
  inviterName: z.string().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** An account already uses this email: accept by signing in with it. */
  accountExists: z.boolean(),
  /** The email of the signed-in caller, when there is one (to tell a mismatch). */
  signedInAs: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** A new person gives a name and password; a signed-in person with the invited email sends nothing. */
export const acceptInvitationBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(120).optional(),
  password: passwordSchema.optional(),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;
