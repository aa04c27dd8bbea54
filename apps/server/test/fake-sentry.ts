import http from 'node:http';

export type ReceivedEnvelope = {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

/**
 * A stand-in for a Sentry ingest: plain HTTP on loopback answering `POST /api/<project>/envelope/`
 * like Sentry does (`{"id": …}`), keeping every envelope it receives.
 */
export async function startFakeSentry() {
  const received: ReceivedEnvelope[] = [];
  let answer: { status: number; headers?: Record<string, string> } = { status: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'POST' && /^\/api\/\d+\/envelope\/$/.test(url.pathname)) {
        received.push({ path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(JSON.stringify({ id: 'fake' }));
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    received,
    dsn: (project = 42, key = 'publickey') => `http://${key}@127.0.0.1:${port}/${project}`,
    /** What the next envelopes get as an answer (e.g. a 429 with rate limits). */
    answerWith(next: { status: number; headers?: Record<string, string> }) {
      answer = next;
    },
    /** Waits until an envelope matching `test` arrives. */
    async waitFor(test: (e: ReceivedEnvelope) => boolean, timeoutMs = 5000): Promise<ReceivedEnvelope> {
      const start = Date.now();
      for (;;) {
        const found = received.find(test);
        if (found) return found;
        if (Date.now() - start > timeoutMs) throw new Error(`no matching envelope within ${timeoutMs} ms (got ${received.length})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The JSON items of an envelope (header line, then item header + payload pairs); binary payloads are skipped. */
export function envelopeItems(body: Buffer): { header: Record<string, unknown>; items: { type: string; payload: unknown }[] } {
  let offset = 0;
  const line = () => {
    const end = body.indexOf(0x0a, offset);
    const text = body.subarray(offset, end === -1 ? body.length : end).toString('utf8');
    offset = end === -1 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: { type: string; payload: unknown }[] = [];
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
      // binary (a replay recording)
    }
    items.push({ type: itemHeader.type, payload });
  }
  return { header, items };
}
