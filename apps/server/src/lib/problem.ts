import type { FastifyReply } from 'fastify';

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
  503: 'Service unavailable',
};

/** Answers with RFC 9457 problem details. */
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

