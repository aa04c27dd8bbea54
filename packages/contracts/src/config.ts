import { z } from 'zod';

/** What the browser needs at run time (GET /api/v1/config). */
export const publicConfigSchema = z.object({
  sentry: z
    .object({
      dsn: z.string(),
      tunnel: z.string(),
      environment: z.string(),
      release: z.string(),
    })
    .nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
