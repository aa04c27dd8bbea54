import http from 'node:http';

export type EnvelopeItem = { type: string; payload: unknown };

export type ReceivedEnvelope = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** Forwarded by the app's /monitoring tunnel (it adds the client IP), rather than sent by the browser itself. */
  viaTunnel: boolean;
};

export type ThirdPartyRequest = { method: string; headers: http.IncomingHttpHeaders };

/** Header line, then item header + payload pairs; a payload with a `length` may be binary (replays). */
export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  let offset = 0;
  const line = () => {
    const end = body.indexOf(0x0a, offset);
    const text = body.subarray(offset, end === -1 ? body.length : end).toString('utf8');
    offset = end === -1 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const h = line();
    if (!h.trim()) continue;
    const itemHeader = JSON.parse(h) as { type: string; length?: number };
    let raw: Buffer;
    if (typeof itemHeader.length === 'number') {
      raw = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length + 1;
    } else {
      raw = Buffer.from(line(), 'utf8');
    }
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      // binary
    }
    items.push({ type: itemHeader.type, payload });
  }
  return { header, items };
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': '*',
};

/**
 * A local stand-in for Sentry: plain HTTP on 127.0.0.1 speaking `POST /api/<project>/envelope/`,
 * recording every envelope. It also plays "a third-party API" (`/third-party`) and answers CORS
 * preflights permissively, so a trace header sent cross-origin would reach it and be seen.
 */
export async function startFakeSentry() {
  const envelopes: ReceivedEnvelope[] = [];
  const thirdParty: ThirdPartyRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS).end();
        return;
      }
      if (url.pathname === '/third-party') {
        thirdParty.push({ method: req.method ?? 'GET', headers: req.headers });
        res.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end('{"ok":true}');
        return;
      }
      if (req.method === 'POST' && /^\/api\/\d+\/envelope\/$/.test(url.pathname)) {
        const body = Buffer.concat(chunks);
        try {
          const parsed = parseEnvelope(body);
          envelopes.push({ path: url.pathname, headers: req.headers, body, ...parsed, viaTunnel: !!req.headers['x-sentry-forwarded-for'] });
        } catch {
          // not an envelope: not recorded
        }
        res.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end('{"id":"fake"}');
        return;
      }
      res.writeHead(404, CORS).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
    const start = Date.now();
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() - start > timeoutMs) throw new Error(`fake Sentry: no ${what} within ${timeoutMs} ms (${envelopes.length} envelopes)`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    envelopes,
    thirdParty,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSentry = Awaited<ReturnType<typeof startFakeSentry>>;

type ErrorEvent = {
  event_id?: string;
  exception?: { values?: { type?: string; value?: string }[] };
  contexts?: { trace?: { trace_id?: string } };
  sdk?: { name?: string };
};

/** The error events of an envelope. */
export const errorEvents = (e: ReceivedEnvelope): ErrorEvent[] => e.items.filter((i) => i.type === 'event').map((i) => i.payload as ErrorEvent);

/** The SDK that sent an envelope (browser or node). */
export const sdkOf = (e: ReceivedEnvelope): string => String((e.header.sdk as { name?: string } | undefined)?.name ?? '');

/** Whether any item of the envelope (span, transaction, event) or its header mentions the trace. */
export const mentionsTrace = (e: ReceivedEnvelope, traceId: string): boolean =>
  JSON.stringify(e.header).includes(traceId) || e.items.some((i) => !Buffer.isBuffer(i.payload) && JSON.stringify(i.payload).includes(traceId));
