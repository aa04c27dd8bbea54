import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';
import { captureServerError } from '../lib/monitoring/sentry.js';
import { sendProblem } from '../lib/problem.js';
import { findInputProblem } from '../lib/text-input.js';

type FieldError = { path: string; message: string };

const fastifyCodes: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'payload_too_large'],
  FST_FILES_LIMIT: [413, 'payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_body'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported_media_type'],
  // a multipart body the parser can't read: the client's mistake, never a 500
  FST_PARTS_LIMIT: [413, 'payload_too_large'],
  FST_FIELDS_LIMIT: [413, 'payload_too_large'],
  FST_PROTO_VIOLATION: [400, 'invalid_multipart'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'invalid_multipart'],
  FST_MP_PREMATURE_CLOSE: [400, 'invalid_multipart'],
};

/** What the multipart parser (busboy) throws for a body it can't read; these errors carry no code. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|Malformed part header|(Part|Field|File) terminated early due to unexpected end of multipart data)/;

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22xxx): a value it can't take (a NUL byte, a
 * character the encoding lacks, a date, number or time-zone offset out of range, JSON with a
 * lone surrogate). The edge refuses these first, naming the field; this is the net under it,
 * for the whole class, so that a value slipping past is the client's 400, not a 500.
 */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

function badValue(error: { code?: string; cause?: unknown }): boolean {
  const cause = error.cause as { code?: unknown } | undefined;
  const code = typeof cause?.code === 'string' ? cause.code : error.code;
  return !!code && DATA_EXCEPTION.test(code);
}

/** A field's path as validation errors name it: `email` in the body, `query.q`, `params.id`. */
const pathOf = (where: 'body' | 'query' | 'params', path: (string | number)[]) =>
  (where === 'body' ? path : [where, ...path]).join('.') || where;

/**
 * The database is out of reach or saturated: no connection within the pool's acquire timeout,
 * a statement over its timeout, the server gone. The client may retry; the app stays up.
 */
function databaseUnavailable(error: { message?: string; code?: string; cause?: unknown }): boolean {
  const m = error.message ?? '';
  if (
    /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/.test(m) ||
    ['57014', '57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNREFUSED', 'ECONNRESET'].includes(error.code ?? '')
  ) {
    return true;
  }
  // the query builder wraps the driver's error (a connection lost mid-query) as its cause
  const cause = error.cause;
  return !!cause && typeof cause === 'object' && cause !== error && databaseUnavailable(cause as { message?: string; code?: string });
}

type Issue = { instancePath: string; schemaPath?: string; message?: string; params?: Record<string, unknown> };

/**
 * A value no branch of a union takes ("Invalid input" at `selection`) is reported as the
 * issues of the one branch whose keys it has (`selection.matching.filter`: too many
 * conditions): the other branches fail on keys it does not have, which says nothing.
 */
function unionBranch(v: Issue): Issue[] {
  const branches = v.params?.errors;
  if (!v.schemaPath?.endsWith('/invalid_union') || !Array.isArray(branches)) return [v];
  type Inner = { code: string; path: (string | number)[]; message: string };
  const fitting = (branches as Inner[][]).filter((b) => !b.some((i) => i.code === 'unrecognized_keys' && i.path.length === 0));
  if (fitting.length !== 1) return [v];
  const base = v.instancePath === '/' ? '' : v.instancePath;
  return fitting[0]!.map((i) => ({ instancePath: `${base}/${i.path.join('/')}`, message: i.message }));
}

/** Every error leaves as RFC 9457 problem details; stack traces never reach a client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Text PostgreSQL can't store (NUL, lone surrogates) and absurd nesting are refused at the
  // edge, before validation and before any handler starts an answer (an export's headers).
  app.addHook('preValidation', async (request, reply) => {
    // the API's text only: the monitoring tunnel forwards Sentry envelopes, whose binary
    // items (compressed replays) hold NUL bytes by design
    if (!request.url.startsWith('/api/')) return;
    for (const where of ['params', 'query', 'body'] as const) {
      const problem = findInputProblem(request[where]);
      if (!problem) continue;
      const errors: FieldError[] = [{ path: pathOf(where, problem.path), message: problem.message }];
      return problem.kind === 'text'
        ? sendProblem(reply, 400, 'invalid_text', problem.message, { errors })
        : sendProblem(reply, 400, 'too_deep', problem.message, { errors });
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext;
      const errors: FieldError[] = error.validation.flatMap(unionBranch).map((v) => {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return {
          path: where === 'body' ? field : [where === 'querystring' ? 'query' : where, field].filter(Boolean).join('.'),
          message: v.message ?? 'Invalid value',
        };
      });
      return sendProblem(reply, 400, 'validation_failed', 'Some fields are invalid', { errors });
    }
    if (error instanceof AppError) {
      if (error.status >= 500) captureServerError(error, { requestId: request.id, route: request.routeOptions.url });
      // a refusal that ends at a known time (a locked sign-in, too many wrong codes) says when
      if (typeof error.extra.retryAfter === 'number') reply.header('retry-after', String(error.extra.retryAfter));
      return sendProblem(reply, error.status, error.code, error.message, error.extra);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      captureServerError(error, { requestId: request.id, route: request.routeOptions.url });
      return sendProblem(reply, 500, 'internal_error', 'Something went wrong on our side');
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendProblem(reply, 503, 'service_unavailable', 'The service is busy or briefly unavailable. Try again in a moment.');
    }
    if (badValue(error)) {
      // logged: the edge should have named the field; a value that got this far is worth a look
      request.log.warn({ err: error }, 'the database refused a value');
      return sendProblem(reply, 400, 'invalid_value', 'A value is not valid text or is out of range');
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return sendProblem(reply, known[0], known[1], error.message);
    if (!error.code && MALFORMED_MULTIPART.test(error.message ?? '')) {
      return sendProblem(reply, 400, 'invalid_multipart', 'The multipart body is malformed; send the file as multipart/form-data', {
        errors: [{ path: 'file', message: error.message }],
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendProblem(reply, 429, 'rate_limited', 'Too many attempts. Try again later.');
    }
    if (status >= 400 && status < 500) {
      return sendProblem(reply, status, (error.code ?? 'bad_request').toLowerCase(), error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    // no-op without a DSN; with one, the event joins the request's trace (continued from the browser)
    captureServerError(error, { requestId: request.id, route: request.routeOptions.url });
    return sendProblem(reply, 500, 'internal_error', 'Something went wrong on our side');
  });
});
