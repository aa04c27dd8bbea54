import { z } from 'zod';
import { roles } from './roles.js';

export const memberStatuses = ['active', 'deactivated'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

export const memberSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  role: z.enum(roles),
  status: z.enum(memberStatuses),
  lastActiveAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Credits spent this billing period (0 until credits exist). */
  creditsUsedThisPeriod: z.number().int(),
  /** True for the caller's own membership. */
  isYou: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** Seats of the plan: active members plus pending invitations count against the limit. */
export const seatsSchema = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  activeMembers: z.number().int(),
  pendingInvitations: z.number().int(),
});
export type Seats = z.infer<typeof seatsSchema>;

export const memberListSchema = z.object({
  data: z.array(memberSchema),
  nextCursor: z.string().nullable(),
  seats: seatsSchema,
});
export type MemberList = z.infer<typeof memberListSchema>;

/** Who records can be owned by: every member's name, readable by anyone in the workspace. */
export const memberDirectorySchema = z.object({
  data: z.array(z.object({ id: z.uuid(), name: z.string(), status: z.enum(memberStatuses) })),
});
export type MemberDirectory = z.infer<typeof memberDirectorySchema>;

export const memberUpdateBodySchema = z
  .object({
    role: z.enum(roles).optional(),
    status: z.enum(memberStatuses).optional(),
  })
  .refine((b) => b.role !== undefined || b.status !== undefined, { message: 'Give a role or a status to change' });
export type MemberUpdateBody = z.infer<typeof memberUpdateBodySchema>;

export const transferOwnershipBodySchema = z.object({
  password: z.string().min(1, 'Enter your password to confirm').max(200),
});
export type TransferOwnershipBody = z.infer<typeof transferOwnershipBodySchema>;

/** Hands a member's contacts and companies to another active member (e.g. after deactivation). */
export const reassignRecordsBodySchema = z.object({ toMemberId: z.uuid({ message: 'Choose a member' }) });
export type ReassignRecordsBody = z.infer<typeof reassignRecordsBodySchema>;
export const reassignRecordsResultSchema = z.object({ contacts: z.number().int(), companies: z.number().int() });
export type ReassignRecordsResult = z.infer<typeof reassignRecordsResultSchema>;
