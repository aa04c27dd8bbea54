import { createEnvelope, matchesTracePropagationTargets, type Envelope, type Transport } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import {
  baseSentryOptions,
  orgIdOf,
  REPLAY_FIXED_LIMITS,
  REPLAY_OPTIONS,
  replayDirectTransport,
  scrubDeep,
  scrubRecordingEvent,
  scrubUrls,
  TRACE_PROPAGATION_TARGETS,
} from './monitoring-options';

/** The browser SDK's rule (tracing/request.ts shouldAttachHeaders): full URL, or pathname when same-origin. */
function attachesHeaders(target: string, page: string): boolean {
  const resolved = new URL(target, page);
  const sameOrigin = resolved.origin === new URL(page).origin;
  return (
    matchesTracePropagationTargets(resolved.toString(), TRACE_PROPAGATION_TARGETS) ||
    (sameOrigin && matchesTracePropagationTargets(resolved.pathname, TRACE_PROPAGATION_TARGETS))
  );
}

describe('trace propagation targets', () => {
  const page = 'https://app.leadtrail.example/my-contacts/contacts';

  it("go to the app's own /api", () => {
    expect(attachesHeaders('/api/v1/contacts?limit=50', page)).toBe(true);
    expect(attachesHeaders('https://app.leadtrail.example/api/v1/me', page)).toBe(true);
  });

  it('go to localhost, on any port', () => {
    expect(attachesHeaders('http://localhost:3000/api/v1/me', page)).toBe(true);
    expect(attachesHeaders('http://localhost/anything', page)).toBe(true);
  });

  it('never go to a third party, even one with /api or "localhost" in its URL', () => {
    for (const url of [
      'https://api.stripe.com/v1/tokens',
      'https://evil.example/api/v1/me',
      'https://evil.example/?next=http://localhost/',
      'https://localhost.evil.example/api/v1/me',
      'https://o7.ingest.sentry.io/api/42/envelope/',
      '//evil.example/api/v1/me',
    ]) {
      expect(attachesHeaders(url, page), url).toBe(false);
    }
  });

  it("not to the app's non-API paths", () => {
    expect(attachesHeaders('/assets/index.js', page)).toBe(false);
    expect(attachesHeaders('/monitoring?o=7&p=42', page)).toBe(false);
  });
});

describe('Sentry options', () => {
  const settings = { dsn: 'https://pk@o7.ingest.sentry.io/42', tunnel: '/monitoring?o=7&p=42', environment: 'production', release: '1.2.3' };

  it('use the run-time settings and the product sample rates', () => {
    expect(baseSentryOptions(settings)).toMatchObject({
      dsn: settings.dsn,
      tunnel: '/monitoring?o=7&p=42',
      environment: 'production',
      release: '1.2.3',
      orgId: '7',
      tracesSampleRate: 1,
      profileSessionSampleRate: 1,
      profileLifecycle: 'trace',
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      propagateTraceparent: true,
    });
    expect(REPLAY_OPTIONS).toEqual({
      minReplayDuration: 5_000,
      maxReplayDuration: 3_600_000,
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
    });
  });

  it('read the organisation from the tunnel query', () => {
    expect(orgIdOf('/monitoring?o=7&p=42')).toBe('7');
    expect(orgIdOf('/monitoring?o=&p=42')).toBeUndefined();
  });

  it('rely on replay limits the installed SDK fixes: idle pause 5 min, expiry 15 min, 20 MB buffer', async () => {
    // read from the SDK's source: it exports no option (nor constant) for them
    const nodeFs = 'node:fs';
    const { readFileSync } = (await import(/* @vite-ignore */ nodeFs)) as { readFileSync: (p: URL, enc: 'utf8') => string };
    const source = readFileSync(new URL('../../../../node_modules/@sentry/replay/build/npm/esm/index.js', import.meta.url), 'utf8');
    const constant = (name: string) => Number(source.match(new RegExp(`const ${name} = ([\\d.e]+);`))?.[1]);
    expect(constant('SESSION_IDLE_PAUSE_DURATION')).toBe(REPLAY_FIXED_LIMITS.sessionIdlePauseMs);
    expect(constant('SESSION_IDLE_EXPIRE_DURATION')).toBe(REPLAY_FIXED_LIMITS.sessionIdleExpireMs);
    expect(constant('REPLAY_MAX_EVENT_BUFFER_SIZE')).toBe(REPLAY_FIXED_LIMITS.eventBufferMaxBytes);
    expect(constant('MAX_REPLAY_DURATION')).toBeGreaterThanOrEqual(REPLAY_OPTIONS.maxReplayDuration);
  });
});

describe('replayDirectTransport', () => {
  function recording() {
    const sent: { url: string; types: string[] }[] = [];
    const make = (url: string): Transport => ({
      send: async (envelope: Envelope) => {
        sent.push({ url, types: envelope[1].map((item) => String(item[0].type)) });
        return {};
      },
      flush: async () => true,
    });
    return { sent, make };
  }
  const dsn = 'http://publickey@127.0.0.1:9000/42';

  it('sends replays straight to the ingest and everything else through the tunnel', async () => {
    const { sent, make } = recording();
    const transport = replayDirectTransport(make, '/monitoring?o=7&p=42', dsn);
    // hand-built envelopes: only the item types matter here
    const envelope = (...types: string[]) => createEnvelope({}, types.map((type) => [{ type }, {}]) as never) as Envelope;
    await transport.send(envelope('event'));
    await transport.send(envelope('replay_event', 'replay_recording'));
    await transport.send(envelope('span'));
    expect(sent.map((s) => [s.url.replace(/\?.*/, ''), s.types.join(',')])).toEqual([
      ['/monitoring', 'event'],
      ['http://127.0.0.1:9000/api/42/envelope/', 'replay_event,replay_recording'],
      ['/monitoring', 'span'],
    ]);
    expect(sent[0]!.url).toBe('/monitoring?o=7&p=42');
    expect(new URL(sent[1]!.url).searchParams.get('sentry_key')).toBe('publickey');
    expect(await transport.flush(100)).toBe(true);
  });
});

describe('URL scrubbing (tokens must not reach the monitoring service)', () => {
  const token = 'Zx8_kP2-qL9vN4mR7tY1wE5uI3oA6sD0fG2hJ4kL8zX';

  it('hides reset and invitation tokens, credential parameters and long token segments', () => {
    expect(scrubUrls(`https://app.example/reset-password/${token}`)).toBe('https://app.example/reset-password/[redacted]');
    expect(scrubUrls('/user-invite/short1')).toBe('/user-invite/[redacted]');
    expect(scrubUrls(`GET /api/v1/invitations/${token}/accept`)).toBe('GET /api/v1/invitations/[redacted]/accept');
    expect(scrubUrls('/login?next=%2F&token=abc&code=123456')).toBe('/login?next=%2F&token=[redacted]&code=[redacted]');
    expect(scrubUrls(`/files/${token}?x=1`)).toBe('/files/[redacted]?x=1');
  });

  it('keeps route patterns, ids and ordinary paths', () => {
    expect(scrubUrls('/reset-password/:token')).toBe('/reset-password/:token');
    const id = '0190f5c2-7b1a-7c3d-9e4f-0123456789ab';
    expect(scrubUrls(`/my-contacts/contacts/${id}`)).toBe(`/my-contacts/contacts/${id}`);
    expect(scrubUrls('/settings/masters/custom-fields')).toBe('/settings/masters/custom-fields');
  });

  it('walks events, spans and breadcrumbs', () => {
    const event = {
      request: { url: `http://localhost:3000/reset-password/${token}` },
      breadcrumbs: [{ category: 'navigation', data: { from: '/login', to: `/user-invite/${token}` } }],
      urls: [`http://localhost:3000/reset-password/${token}`],
      count: 3,
    };
    expect(JSON.stringify(scrubDeep(event))).not.toContain(token);
    expect(event.count).toBe(3);
    expect(event.breadcrumbs[0]!.data.from).toBe('/login');
  });

  it('scrubs replay meta and custom events, not DOM snapshots', () => {
    expect(scrubRecordingEvent({ type: 4, data: { href: `http://localhost/reset-password/${token}` } }).data.href).toBe(
      'http://localhost/reset-password/[redacted]',
    );
    const snapshot = { type: 2, data: { text: `/reset-password/${token}` } };
    expect(scrubRecordingEvent(snapshot)).toBe(snapshot);
    expect(snapshot.data.text).toContain(token);
  });
});
