import type { FastifyInstance } from 'fastify';

/** What readiness asks: the database answers (through the unit of work), no migration is pending. */
export type Readiness = {
  ping: () => Promise<void>;
  pendingMigrations: () => Promise<string[]>;
};

/** /healthz: the process is up. /readyz: the database answers and no migration is pending. */
export async function healthRoutes(app: FastifyInstance, opts: { readiness: Readiness }) {
  const { readiness } = opts;
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await readiness.ping();
      const pending = await readiness.pendingMigrations();
      if (pending.length > 0) return reply.code(503).send({ status: 'migrating', pending });
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
}
