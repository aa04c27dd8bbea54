import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';
import { captureServerError } from '../lib/monitoring/sentry.js';
import { sendProblem } from '../lib/problem.js';

type FieldError = { path: string; message: string };

const fastifyCodes: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'payload_too_large'],
  FST_FILES_LIMIT: [413, 'payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_body'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported_media_type'],
};

/**
 * The database is out of reach or saturated: no connection within the pool's acquire timeout,
 * a statement over its timeout, the server gone. The client may retry; the app stays up.
 */
function databaseUnavailable(error: { message?: string; code?: string }): boolean {
  const m = error.message ?? '';
  return (
    /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/.test(m) ||
    ['57014', '57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNREFUSED', 'ECONNRESET'].includes(error.code ?? '')
  );
}

/** Every error leaves as RFC 9457 problem details; stack traces never reach a client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext;
      const errors: FieldError[] = error.validation.map((v) => {
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
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return sendProblem(reply, known[0], known[1], error.message);
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
