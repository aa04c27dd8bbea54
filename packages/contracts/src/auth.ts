import { z } from 'zod';
import { emailSchema } from './common.js';
import { roles, permissions } from './roles.js';

export const passwordSchema = z.string().min(10, 'Use at least 10 characters').max(200, 'Use at most 200 characters');

export const registerBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(120),
  email: emailSchema,
  password: passwordSchema,
  companyName: z.string().trim().min(1, 'Enter your company name').max(120),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The link emailed at registration: following it creates the account and signs in. */
export const registerConfirmBodySchema = z.object({ token: z.string().min(10).max(200) });
export type RegisterConfirmBody = z.infer<typeof registerConfirmBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(200),
  totpCode: z.string().trim().max(32).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const passwordResetBodySchema = z.object({ email: emailSchema });
export const passwordResetConfirmBodySchema = z.object({
  token: z.string().min(10).max(200),
  password: passwordSchema,
});
/** Whether an emailed reset link still works, asked before the new password is typed. */
export const passwordResetCheckBodySchema = z.object({ token: z.string().min(1).max(200) });
export const passwordResetCheckSchema = z.object({ valid: z.boolean() });
export type PasswordResetCheck = z.infer<typeof passwordResetCheckSchema>;

export const meSchema = z.object({
  user: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    totpEnabled: z.boolean(),
  }),
  workspace: z.object({ id: z.uuid(), name: z.string() }),
  member: z.object({ id: z.uuid() }),
  role: z.enum(roles),
  permissions: z.array(z.enum(permissions)),
  workspaces: z.array(z.object({ id: z.uuid(), name: z.string(), role: z.enum(roles) })),
});
export type Me = z.infer<typeof meSchema>;

export const messageSchema = z.object({ message: z.string() });
