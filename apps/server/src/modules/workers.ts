import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Jobs } from '../plugins/jobs.js';

export type WorkerDeps = { config: Config; db: Db; jobs: Jobs; log: FastifyBaseLogger };

/** One line per module that has background jobs: its handlers are attached here. */
export async function registerWorkers(_deps: WorkerDeps): Promise<void> {}
