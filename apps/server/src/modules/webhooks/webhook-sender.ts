import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ForbiddenTargetError, resolvePublic } from './webhook-address.js';

export type SendResult = { ok: boolean; status: number | null; durationMs: number; error: string | null };
export type WebhookSend = (url: string, body: string, headers: Record<string, string>) => Promise<SendResult>;

export const SEND_TIMEOUT_MS = 10_000;
/** What is kept of a failing answer's body in the log. */
const ERROR_BODY_CHARS = 200;

/**
 * POSTs a delivery. The host is resolved and checked here, at send time, and the connection
 * goes to the address checked (a lookup pinned to it), so a DNS answer that changes between
 * check and connect (rebinding) can't reach a private address. Redirects are not followed:
 * a 3xx is a failure. 2xx is success; anything else, a timeout or a refused target fails.
 */
export function createWebhookSender(opts: { allowPrivate: boolean; timeoutMs?: number }): WebhookSend {
  const timeoutMs = opts.timeoutMs ?? SEND_TIMEOUT_MS;
  return async (url, body, headers) => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { ok: false, status: null, durationMs: 0, error: 'Not a valid URL' };
    }
    let address: { address: string; family: 4 | 6 };
    try {
      address = (await resolvePublic(target.hostname, opts.allowPrivate))[0]!;
    } catch (err) {
      return { ok: false, status: null, durationMs: elapsed(), error: err instanceof ForbiddenTargetError ? err.message : String(err) };
    }
    const lookup: LookupFunction = (_host, options, cb) => {
      if (options.all) cb(null, [address]);
      else cb(null, address.address, address.family);
    };
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      // known once the answer's head arrived (a body cut off later still reports it)
      let status: number | null = null;
      const done = (r: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...r, durationMs: elapsed() });
      };
      const req = client.request(
        target,
        {
          method: 'POST',
          lookup,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Leadtrail-Webhooks/1', ...headers },
          timeout: timeoutMs,
        },
        (res) => {
          status = res.statusCode ?? 0;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (text.length < ERROR_BODY_CHARS) text += chunk;
          });
          res.on('end', () => {
            const ok = status! >= 200 && status! < 300;
            done({ ok, status, error: ok ? null : `HTTP ${status}${text ? `: ${text.slice(0, ERROR_BODY_CHARS)}` : ''}` });
          });
          res.on('error', (err) => done({ ok: false, status, error: err.message }));
          // cut off mid-answer (the timeout, a dropped connection): 'end' never comes
          res.on('close', () => done({ ok: false, status, error: `The answer was cut off (${timeoutMs / 1000} s limit or a dropped connection)` }));
        },
      );
      // the whole exchange, not just an idle socket, is bounded
      const timer = setTimeout(() => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)), timeoutMs);
      req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)));
      req.on('error', (err) => done({ ok: false, status, error: err.message }));
      req.on('close', () => clearTimeout(timer));
      req.end(body);
    });
  };
}
