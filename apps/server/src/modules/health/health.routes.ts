import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { pendingMigrations } from '../../db/migrate.js';

/** /healthz: the process is up. /readyz: the database answers and no migration is pending. */
export async function healthRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      const pending = await pendingMigrations(opts.db.pool);
      if (pending.length > 0) return reply.code(503).send({ status: 'migrating', pending });
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
}
