import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';
import { captureServerError } from '../lib/monitoring/sentry.js';

type FieldError = { path: string; message: string };

const titles: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
};

export function sendProblem(
  reply: FastifyReply,
  status: number,
  code: string,
  detail: string,
  extra: Record<string, unknown> = {},
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send({
      type: `https://leadtrail.example/problems/${code.replace(/_/g, '-')}`,
      title: titles[status] ?? 'Error',
      status,
      detail,
      code,
      ...extra,
    });
}

const fastifyCodes: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'payload_too_large'],
  FST_FILES_LIMIT: [413, 'payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_body'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported_media_type'],
};

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
