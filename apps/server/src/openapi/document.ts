import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemSchema } from '@leadtrail/contracts';
import { SESSION_COOKIE } from '../core/route-access.js';
import { examples } from './examples.js';
import { operations, type ErrorStatus } from './operations.js';
import { tags } from './tags.js';

/**
 * The OpenAPI 3.1 document at /api/v1/openapi.json: @fastify/swagger builds it from the routes'
 * zod schemas; this adds what a client generator needs (operationIds, tags, security, errors,
 * rate-limit headers, examples, servers) from operations.ts and from each route's own config.
 */

type Json = Record<string, unknown>;
type Response = { description?: string; content?: Record<string, Json>; headers?: Json; $ref?: string };
type Operation = {
  operationId?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: { content?: Record<string, Json> };
  responses?: Record<string, Response>;
};
type Document = Json & { paths?: Record<string, Record<string, Operation>>; components?: Json & { schemas?: Json } };

/** What the route tells about its refusals, kept by `METHOD /path/{param}` until the whole document is built. */
type RouteFacts = {
  access: string | undefined;
  sessionOnly: boolean;
  rateLimited: boolean;
  unsafe: boolean;
  errors: readonly ErrorStatus[];
  produces?: string;
};

const PROBLEM = 'application/problem+json';

const errorDescriptions: Record<ErrorStatus, string> = {
  400: 'The request is malformed or a field is invalid (`errors` names each field)',
  401: 'No valid session cookie or API key',
  402: 'Not enough credits, or every seat of the plan is taken',
  403: 'The role may not do this, the route needs a browser session, or a cookie-carrying write came from another site',
  404: 'Not found in this workspace',
  409: 'It conflicts with the current state (a duplicate, or a step already done)',
  410: 'The link has expired or was already used',
  413: 'The upload is too large',
  415: 'The upload is not of an accepted type',
  422: 'The Idempotency-Key was already used for another request',
  429: 'Too many requests: wait for the time Retry-After gives',
};
const errorNames: Record<ErrorStatus, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableContent',
  429: 'TooManyRequests',
};
const successDescriptions: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: running in the background',
  204: 'Done; no content',
};

const rateLimitHeaders = {
  'X-RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};
const retryAfter = { description: 'Seconds to wait before trying again', schema: { type: 'integer' } };

const headerRefs = (names: string[]) =>
  Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));

const problemComponent = {
  ...z.toJSONSchema(problemSchema, { io: 'output', target: 'draft-2020-12' }),
  additionalProperties: true,
  description:
    'RFC 9457 problem details. `code` is stable and machine-readable; some problems carry more members (`existingId` of a duplicate, `shortfall` of a reveal, `retryAfter`).',
};
delete (problemComponent as Json).$schema;

/** The refusals a route can answer, from its own declaration and its line in operations.ts. */
function errorsOf(facts: RouteFacts, path: string, takesInput: boolean): ErrorStatus[] {
  const codes = new Set<ErrorStatus>(facts.errors);
  if (takesInput) codes.add(400);
  if (facts.access !== 'public') codes.add(401);
  if ((facts.access && !['public', 'signed-in'].includes(facts.access)) || facts.sessionOnly || facts.unsafe)
    codes.add(403);
  if (path.includes('{')) codes.add(404);
  if (facts.rateLimited) codes.add(429);
  return [...codes].sort((a, b) => a - b);
}

function decorate(path: string, op: Operation, facts: RouteFacts) {
  const responses = (op.responses ??= {});
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 400) {
      // a route's own problem schema (the reveal's 402 with its shortfall) is still a problem
      if (response.content?.['application/json']) {
        response.content = { [PROBLEM]: response.content['application/json'] };
        response.description = errorDescriptions[Number(status) as ErrorStatus] ?? response.description;
      }
      continue;
    }
    if (!response.description || response.description === 'Default Response') {
      response.description = successDescriptions[status] ?? 'OK';
    }
    if (status === '200' && facts.produces && !response.content) {
      response.content = {
        [facts.produces]: {
          schema: { type: 'string', ...(facts.produces === 'text/csv' ? {} : { format: 'binary' }) },
        },
      };
    }
    if (facts.rateLimited) response.headers = { ...response.headers, ...headerRefs(Object.keys(rateLimitHeaders)) };
  }
  const takesInput = !!op.requestBody || (op.parameters?.length ?? 0) > 0;
  for (const code of errorsOf(facts, path, takesInput)) {
    if (responses[code]) continue;
    responses[code] = { $ref: `#/components/responses/${errorNames[code]}` };
  }

  const example = op.operationId ? examples[op.operationId] : undefined;
  const jsonBody = op.requestBody?.content?.['application/json'];
  if (example?.request !== undefined && jsonBody) jsonBody.example = example.request;
  for (const [status, body] of Object.entries(example?.responses ?? {})) {
    const media = responses[status]?.content?.['application/json'];
    if (media) media.example = body;
  }
}

/** The @fastify/swagger options: the document's frame, and the two passes that fill it in. */
export function apiDocsOptions(appUrl: string): FastifyDynamicSwaggerOptions {
  const facts = new Map<string, RouteFacts>();

  const transform: SwaggerTransform = (input) => {
    const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    const schema = out.schema as Json | undefined;
    if (!schema || schema.hide) return out;
    const { route } = input;
    const method = [route.method].flat()[0]!;
    const meta = operations[`${method} ${input.url}`];
    if (meta) {
      // the route's own text is the longer explanation; the reference lists the short name
      if (meta.description) schema.description = meta.description;
      else if (schema.summary && !schema.description) schema.description = schema.summary;
      schema.summary = meta.summary;
      schema.operationId = meta.id;
    }
    const config = (route.config ?? {}) as { access?: string; sessionOnly?: boolean; rateLimit?: unknown };
    if (config.access === 'public') schema.security = [];
    else if (config.sessionOnly) schema.security = [{ session: [] }];
    facts.set(`${method} ${input.url.replace(/:(\w+)/g, '{$1}')}`, {
      access: config.access,
      sessionOnly: !!config.sessionOnly,
      rateLimited: !!config.rateLimit,
      unsafe: !['GET', 'HEAD', 'OPTIONS'].includes(method),
      errors: meta?.errors ?? [],
      produces: meta?.produces,
    });
    return out;
  };

  const transformObject = (input: Parameters<typeof jsonSchemaTransformObject>[0]) => {
    const doc = jsonSchemaTransformObject(input) as Document;
    const used = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item)) {
        for (const tag of op.tags ?? []) used.add(tag);
        const known = facts.get(`${method.toUpperCase()} ${path}`);
        if (known) decorate(path, op, known);
      }
    }
    const components = (doc.components ??= {});
    // zod names a registered schema by its reference URI in `$id`, which OpenAPI does not take
    for (const schema of Object.values(components.schemas ?? {})) delete (schema as Json).$id;
    components.schemas = { ...components.schemas, Problem: problemComponent };
    components.headers = { ...rateLimitHeaders, 'Retry-After': retryAfter };
    components.responses = Object.fromEntries(
      Object.entries(errorNames).map(([code, name]) => [
        name,
        {
          description: errorDescriptions[Number(code) as ErrorStatus],
          ...(code === '429' ? { headers: headerRefs(['Retry-After']) } : {}),
          content: { [PROBLEM]: { schema: { $ref: '#/components/schemas/Problem' } } },
        },
      ]),
    );
    return {
      ...doc,
      servers: [{ url: appUrl, description: 'This Leadtrail server' }],
      tags: Object.entries(tags)
        .filter(([name]) => used.has(name))
        .map(([name, description]) => ({ name, description })),
    };
  };

  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Leadtrail API',
        version: '1.0.0',
        description: [
          'Sales prospecting and contact management.',
          '',
          'Authenticate with an API key (Settings → Account → API keys) in `Authorization: Bearer <key>`, or with the',
          `browser's session cookie (\`${SESSION_COOKIE}\`; writes must then come from the app's own origin).`,
          'Errors are RFC 9457 problem details (`application/problem+json`). Lists page by cursor: pass `nextCursor` back',
          'as `cursor` until it is null.',
        ].join('\n'),
        contact: { name: 'Leadtrail', url: appUrl },
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session the app signs in with',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key of a member, created under Settings → Account',
          },
        },
      },
      security: [{ session: [] }, { apiKey: [] }],
    },
    transform,
    transformObject,
  };
}
