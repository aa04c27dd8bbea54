import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DestinationStream, LoggerOptions } from 'pino';

const REDACTED = '[redacted]';

/** Query parameters that carry credentials (invitation and reset links, API keys, Sentry keys). */
const SECRET_PARAMS = /^(token|key|api_?key|code|password|secret|sentry_key|signature|access_token|refresh_token)$/i;

/**
 * Tokens from lib/tokens.ts are 43 base64url characters; ids are UUIDs (kept: they are what you grep
 * for); route words are short.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN_LIKE = /^[A-Za-z0-9_-]{32,}$/;
/** Routes whose next path segment is a token: /reset-password/:token, /user-invite/:token, /api/v1/invitations/:token. */
const TOKEN_PATH_PARENTS = new Set(['reset-password', 'user-invite', 'invitations']);

/**
 * A URL as it may appear in a log line: path segments that look like secrets (invitation and
 * password-reset tokens travel in paths) and credential query parameters are replaced.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  const segments = path.split('/');
  const safePath = segments
    .map((segment, i) => {
      const afterTokenPath = i > 0 && TOKEN_PATH_PARENTS.has(segments[i - 1]!) && segment !== '' && !segment.startsWith(':');
      return afterTokenPath || (TOKEN_LIKE.test(segment) && !UUID.test(segment)) ? REDACTED : segment;
    })
    .join('/');
  if (q === -1) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq !== -1 && SECRET_PARAMS.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/**
 * Paths pino censors wherever a handler logs an object: bodies with credentials, headers with
 * cookies or keys. The request serializer below never logs headers or bodies in the first place.
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers["set-cookie"]',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["x-api-key"]',
  '*.headers["set-cookie"]',
  ...['password', 'currentPassword', 'newPassword', 'token', 'totpCode', 'recoveryCode', 'secret', 'apiKey'].flatMap((f) => [
    f,
    `*.${f}`,
    `*.*.${f}`,
  ]),
  '*.cookie',
  '*.authorization',
  'cookie',
  'authorization',
];

/** What the serializer reads: a Fastify request, or a bare IncomingMessage. */
type LoggedRequest = Pick<IncomingMessage, 'method' | 'url' | 'headers'> & { ip?: string; host?: string; socket?: { remoteAddress?: string } };

/** The request summary Fastify logs with every request: method, redacted url, host, client; never headers. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    host: req.host ?? req.headers?.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  };
}

export function serializeResponse(res: ServerResponse & { statusCode: number }) {
  return { statusCode: res.statusCode };
}

/** pino options for the HTTP app: JSON lines, request ids, secrets redacted. */
export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: serializeRequest as never,
      res: serializeResponse as never,
    },
    ...(stream ? { stream } : {}),
  };
}
