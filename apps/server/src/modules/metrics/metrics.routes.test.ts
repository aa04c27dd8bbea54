import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { createMetrics } from './metrics.js';
import { startMetricsServer } from './metrics-server.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The value of one series in Prometheus text output (undefined when absent). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
}

describe('GET /metrics without a token', () => {
  it('answers a scraper on this machine in Prometheus format: requests by route and status, pool usage', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    await t.app.inject({ method: 'GET', url: '/no/such/thing/123' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(sample(text, 'leadtrail_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(2);
    expect(sample(text, 'leadtrail_http_requests_total{method="GET",route="/api/v1/me",status="401"}')).toBe(1);
    // unmatched URLs share one series, so label values stay bounded
    expect(sample(text, 'leadtrail_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain('/no/such/thing');
    expect(sample(text, 'leadtrail_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBe(2);
    expect(text).toMatch(/leadtrail_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status="200"\} \d/);
    expect(sample(text, 'leadtrail_db_pool_connections{pool="app"}')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('leadtrail_db_pool_idle_connections{pool="app"}');
    expect(text).toContain('leadtrail_db_pool_waiting_clients{pool="app"}');
    // the credential pool (decision 0029) is watched too
    expect(text).toContain('leadtrail_db_pool_waiting_clients{pool="auth"}');
    expect(text).toContain('# TYPE leadtrail_jobs_total counter');
    expect(text).toContain('leadtrail_process_cpu_seconds_total');
  });

  it('refuses other machines, and loopback requests that came through a proxy', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.headers['content-type']).toContain('application/problem+json');
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
    const forwarded = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1', headers: { forwarded: 'for=203.0.113.9' } });
    expect(forwarded.statusCode).toBe(403);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('needs the bearer token, from anywhere', async () => {
    const app = await createTestApp({ METRICS_TOKEN: 's3cret-metrics-token' });
    try {
      const none = await app.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toContain('Bearer');
      const wrong = await app.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
      expect(wrong.statusCode).toBe(401);
      const right = await app.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer s3cret-metrics-token' },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('leadtrail_http_requests_total');
    } finally {
      await app.close();
    }
  });
});

describe('METRICS_PORT', () => {
  it('moves the metrics to an internal listener on 127.0.0.1; the public port answers 404', async () => {
    const app = await createTestApp({ METRICS_PORT: '9464' });
    const metrics = createMetrics({ defaultMetrics: false });
    metrics.recordRequest('GET', '/healthz', 200, 0.01);
    const server = await startMetricsServer({ metrics, port: 0 });
    try {
      expect((await app.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      const address = server.server.address() as { address: string; port: number };
      expect(address.address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(res.status).toBe(200);
      expect(sample(await res.text(), 'leadtrail_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${address.port}/other`)).status).toBe(404);
    } finally {
      await server.close();
      await app.close();
    }
  });
});
