import { AppError } from '../../lib/errors.js';
import { canonicalDsn, sentryTunnelHandler } from '../../lib/monitoring/sentry.js';
import { parseDsn, type ParsedDsn } from '../../lib/sentry-dsn.js';

/** Envelopes are small (errors, spans, sessions); replays don't come through here (see the decision record). */
export const MAX_ENVELOPE_BYTES = 1024 * 1024;
const MAX_HEADER_BYTES = 64 * 1024;

export type TunnelClient = { ip: string; userAgent?: string; origin?: string; referer?: string };
export type TunnelAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/** Headers of Sentry's answer the browser SDK reads (rate limits). */
const PASSED_BACK = ['content-type', 'retry-after', 'x-sentry-rate-limits'];

const same = (a: ParsedDsn, b: ParsedDsn) =>
  a.protocol === b.protocol && a.host.toLowerCase() === b.host.toLowerCase() && a.projectId === b.projectId && a.publicKey === b.publicKey;

/**
 * The same-origin tunnel for the browser SDK. An envelope is forwarded only when the query names
 * the configured organisation and project AND its header's DSN is the configured DSN (host,
 * project and key); then the SDK's own allow-listing forwarder (`handleTunnelRequest` with
 * `allowedDsns`) checks the DSN again and posts the bytes unchanged to that DSN's ingest URL.
 * The target host therefore always comes from configuration, never from the request: no open
 * relay, no SSRF.
 */
export function createTunnel(opts: { dsn: string; orgId: string | undefined }) {
  const configured = parseDsn(opts.dsn, opts.orgId);
  if (!configured) throw new Error('SENTRY_DSN is not a valid DSN');
  const expectedOrg = configured.orgId ?? '';
  let allowed: Promise<string[]> | null = null;
  const allowedDsns = () =>
    (allowed ??= canonicalDsn(opts.dsn).then((canonical) => [...new Set([opts.dsn, ...(canonical ? [canonical] : [])])]));

  /** Refusals that need no SDK: wrong target, not an envelope, someone else's DSN. */
  function check(query: { o?: unknown; p?: unknown }, body: Buffer) {
    if (typeof query.o !== 'string' || typeof query.p !== 'string') {
      throw new AppError(400, 'invalid_tunnel_query', 'The query needs o (organisation id) and p (project id)');
    }
    if (query.o !== expectedOrg || query.p !== configured!.projectId) {
      throw new AppError(403, 'tunnel_target_refused', 'This tunnel forwards to its own organisation and project only');
    }
    if (body.length === 0) throw new AppError(400, 'invalid_envelope', 'The envelope is empty');
    const newline = body.indexOf(0x0a);
    const headerLength = newline === -1 ? body.length : newline;
    if (headerLength > MAX_HEADER_BYTES) throw new AppError(400, 'invalid_envelope', 'The envelope header is too long');
    let header: unknown;
    try {
      header = JSON.parse(body.subarray(0, headerLength).toString('utf8'));
    } catch {
      throw new AppError(400, 'invalid_envelope', 'The envelope header is not JSON');
    }
    const dsn = header && typeof header === 'object' ? (header as { dsn?: unknown }).dsn : undefined;
    if (typeof dsn !== 'string') throw new AppError(400, 'invalid_envelope', 'The envelope header has no DSN');
    const given = parseDsn(dsn);
    if (!given || !same(given, configured!)) {
      throw new AppError(403, 'dsn_not_allowed', 'The envelope is for a DSN this tunnel does not forward to');
    }
  }

  return {
    orgId: expectedOrg,
    projectId: configured.projectId,
    async forward(query: { o?: unknown; p?: unknown }, body: Buffer, client: TunnelClient): Promise<TunnelAnswer> {
      check(query, body);
      const headers: Record<string, string> = {
        'content-type': 'application/x-sentry-envelope',
        'content-length': String(body.length),
        // the SDK passes it on as X-Sentry-Forwarded-For, so events carry the user's IP, not ours
        'x-forwarded-for': client.ip,
      };
      if (client.userAgent) headers['user-agent'] = client.userAgent;
      if (client.origin) headers.origin = client.origin;
      if (client.referer) headers.referer = client.referer;
      const handleTunnelRequest = await sentryTunnelHandler();
      const request = new Request('http://localhost/monitoring', { method: 'POST', headers, body: new Uint8Array(body) });
      const response = await handleTunnelRequest(request, { allowedDsns: await allowedDsns() });
      const answer: TunnelAnswer = { status: response.status, headers: {}, body: Buffer.from(await response.arrayBuffer()) };
      for (const name of PASSED_BACK) {
        const value = response.headers.get(name);
        if (value) answer.headers[name] = value;
      }
      return answer;
    },
  };
}

export type Tunnel = ReturnType<typeof createTunnel>;
