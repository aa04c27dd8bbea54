import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the pool gauges read (pg.Pool has these counters). */
export type PoolStats = { totalCount: number; idleCount: number; waitingCount: number };

export type JobOutcome = 'completed' | 'failed';

/** Seconds: requests are mostly milliseconds, imports and exports may take minutes. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900];

/**
 * The process's Prometheus metrics, in a registry of its own (not prom-client's global one:
 * tests build many apps in one process).
 */
export function createMetrics(opts: { pools?: Record<string, PoolStats>; defaultMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'leadtrail_' });

  const requests = new Counter({
    name: 'leadtrail_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: 'leadtrail_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'leadtrail_jobs_total',
    help: 'Background jobs processed, by queue and outcome',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'leadtrail_job_duration_seconds',
    help: 'Time to process a batch of background jobs, by queue and outcome',
    labelNames: ['queue', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });

  const pools = opts.pools ?? {};
  const poolGauge = (name: string, help: string, read: (p: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [registry],
      // read at scrape time: always current, nothing to update on the hot path
      collect() {
        for (const [pool, stats] of Object.entries(pools)) this.set({ pool }, read(stats));
      },
    });
  poolGauge('leadtrail_db_pool_connections', 'Open connections in the PostgreSQL pool', (p) => p.totalCount);
  poolGauge('leadtrail_db_pool_idle_connections', 'Idle connections in the PostgreSQL pool', (p) => p.idleCount);
  poolGauge('leadtrail_db_pool_waiting_clients', 'Queries waiting for a free connection', (p) => p.waitingCount);

  return {
    registry,
    /** `route` is the route pattern (`/api/v1/contacts/:id`), never the raw URL: bounded label values. */
    recordRequest(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      requestDuration.observe(labels, seconds);
    },
    recordJob(queue: string, outcome: JobOutcome, seconds: number, count = 1) {
      jobs.inc({ queue, outcome }, count);
      jobDuration.observe({ queue, outcome }, seconds);
    },
    /** Adds a pool to the gauges (the app's pool; pg-boss has its own). */
    watchPool(name: string, pool: PoolStats) {
      pools[name] = pool;
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
