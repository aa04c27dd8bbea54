import type { BrowserOptions } from '@sentry/react';
import type { Envelope, Transport } from '@sentry/core';
import { envelopeContainsItemType, getEnvelopeEndpointWithUrlEncodedAuth, makeDsn } from '@sentry/core';
import type { PublicConfig } from '@leadtrail/contracts';

export type SentrySettings = NonNullable<PublicConfig['sentry']>;

/**
 * Where trace-propagation headers (sentry-trace, baggage, traceparent) may go: the app's own
 * /api (same origin: the SDK matches the pathname only for same-origin requests) and localhost.
 * Anchored patterns: the SDK matches substrings, so a bare 'localhost' would also match
 * https://evil.example/?localhost.
 */
export const TRACE_PROPAGATION_TARGETS: RegExp[] = [/^\/api\//, /^https?:\/\/localhost(:\d+)?(\/|$)/];

/** Session replay settings (PRODUCT.md section 10). */
export const REPLAY_OPTIONS = {
  minReplayDuration: 5_000,
  maxReplayDuration: 3_600_000,
  maskAllText: true,
  maskAllInputs: true,
  blockAllMedia: true,
} as const;

/**
 * The installed SDK's fixed replay limits, which it offers no option for; a test checks them
 * against the SDK so an upgrade that changes them is noticed.
 */
export const REPLAY_FIXED_LIMITS = {
  sessionIdlePauseMs: 300_000,
  sessionIdleExpireMs: 900_000,
  eventBufferMaxBytes: 20_000_000,
} as const;

const REPLAY_ITEMS = ['replay_event', 'replay_recording'] as const;

/**
 * Replays go to the monitoring service directly, everything else through the same-origin
 * tunnel: the SDK's `tunnel` option applies to all envelopes, so this transport routes
 * replay envelopes to the DSN's own ingest URL (docs/decisions/0005-monitoring-tunnel.md).
 */
export function replayDirectTransport(makeTransport: (url: string) => Transport, tunnelUrl: string, dsn: string): Transport {
  const components = makeDsn(dsn);
  const viaTunnel = makeTransport(tunnelUrl);
  const direct = components ? makeTransport(getEnvelopeEndpointWithUrlEncodedAuth(components)) : viaTunnel;
  return {
    send: (envelope: Envelope) => (envelopeContainsItemType(envelope, [...REPLAY_ITEMS]) ? direct : viaTunnel).send(envelope),
    flush: async (timeout?: number) => {
      const done = await Promise.all([viaTunnel.flush(timeout), direct === viaTunnel ? true : direct.flush(timeout)]);
      return done.every(Boolean);
    },
  };
}

/** The organisation id the server put in the tunnel query (`o`), for the SDK's `orgId`. */
export function orgIdOf(tunnel: string): `${number}` | undefined {
  const o = new URL(tunnel, 'http://localhost').searchParams.get('o');
  return o && /^\d+$/.test(o) ? (o as `${number}`) : undefined;
}

/** Everything but the integrations (they need the loaded SDK and the router's hooks). */
export function baseSentryOptions(settings: SentrySettings): BrowserOptions {
  const orgId = orgIdOf(settings.tunnel);
  return {
    dsn: settings.dsn,
    tunnel: settings.tunnel,
    environment: settings.environment,
    release: settings.release,
    ...(orgId ? { orgId } : {}),
    tracesSampleRate: 1,
    tracePropagationTargets: TRACE_PROPAGATION_TARGETS,
    propagateTraceparent: true,
    // browser profiling: a profile for every sampled trace
    profileSessionSampleRate: 1,
    profileLifecycle: 'trace',
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
  };
}
