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

const REDACTED = '[redacted]';
/** Paths whose next segment is a secret (password-reset and invitation links, in pages and API calls); `:token` route patterns stay. */
const TOKEN_PATHS = /(\/(?:reset-password|user-invite|api\/v1\/invitations)\/)(?!:)[^/?#\s"'\\]+/g;
/** Credential query parameters. */
const SECRET_PARAMS = /([?&](?:token|key|api_?key|code|password|secret|sentry_key)=)[^&#\s"'\\]+/gi;
/** Any other path segment shaped like a generated token (lib/tokens.ts: 43 URL-safe characters), UUIDs aside. */
const LONG_SEGMENTS = /\/([A-Za-z0-9_-]{32,})(?=[/?#\s"'\\]|$)/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Hides secrets that travel in URLs wherever they appear in a string (URLs, span names, breadcrumbs). */
export function scrubUrls(text: string): string {
  if (!text.includes('/') && !text.includes('=')) return text;
  return text
    .replace(TOKEN_PATHS, `$1${REDACTED}`)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(LONG_SEGMENTS, (whole, segment: string) => (UUID.test(segment) ? whole : `/${REDACTED}`));
}

/** scrubUrls on every string of an event, span or breadcrumb (in place; returns it). */
export function scrubDeep<T>(value: T, depth = 0): T {
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const v = record[key];
    if (typeof v === 'string') record[key] = scrubUrls(v);
    else if (v && typeof v === 'object') scrubDeep(v, depth + 1);
  }
  return value;
}

/**
 * For the replay integration's `beforeAddRecordingEvent`: page URLs (meta events) and breadcrumbs
 * and network spans (custom events). DOM snapshots are left alone: text and inputs are masked.
 */
export function scrubRecordingEvent<T extends { type: number }>(event: T): T {
  return event.type === 4 || event.type === 5 ? scrubDeep(event) : event;
}

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
