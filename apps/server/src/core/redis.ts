import { Redis } from 'ioredis';
import { StartupError, describeError, hostPort } from '../lib/startup-error.js';

/**
 * The Redis connection several web processes share their rate limits through (REDIS_URL).
 * Connected before the server listens: a Redis that refuses stops the start with what to do.
 * Afterwards a command never waits long for a lost connection (one retry, no offline queue),
 * so a Redis outage costs a request at most a moment, not a hang.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let lastError: unknown = null;
  redis.on('error', (err) => {
    // reconnects on its own; the command that met the loss fails (rate limits skip it)
    lastError = err;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    const where = hostPort(url, 6379);
    throw new StartupError(
      `Redis at ${where} (REDIS_URL) could not be reached: ${describeError(lastError ?? err)}`,
      `start Redis on ${where}, correct REDIS_URL, or unset REDIS_URL to keep rate limits in this process's memory (one web process only)`,
      { cause: err },
    );
  }
  return redis;
}
