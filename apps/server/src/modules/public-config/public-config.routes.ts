import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@leadtrail/contracts';
import type { Config } from '../../config.js';
import { parseDsn } from '../../lib/sentry-dsn.js';

/** What the browser needs at run time, so nothing environment-specific is baked into the build. */
export function publicConfig(config: Config): PublicConfig {
  const dsn = config.sentryDsn ? parseDsn(config.sentryDsn, config.sentryOrgId) : null;
  return {
    sentry: dsn
      ? {
          dsn: dsn.raw,
          tunnel: `/monitoring?o=${encodeURIComponent(dsn.orgId ?? '')}&p=${encodeURIComponent(dsn.projectId)}`,
          environment: config.sentryEnvironment,
          release: config.release,
        }
      : null,
  };
}

export async function publicConfigRoutes(app: FastifyInstance, opts: { config: Config }) {
  const body = publicConfig(opts.config);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/config',
    {
      config: { access: 'public' },
      schema: { tags: ['config'], summary: 'Run-time settings for the browser', response: { 200: publicConfigSchema } },
    },
    async () => body,
  );
}
