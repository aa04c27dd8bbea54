import type { Config } from '../config.js';
import { startEmbeddedPostgres } from './embedded.js';

/** DATABASE_URL when set, otherwise an embedded PostgreSQL under DATA_DIR. */
export async function databaseFor(config: Config): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  return startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
}
