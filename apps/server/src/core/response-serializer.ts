import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { createSerializerCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * How responses become JSON. Every route declares its response schemas (from `contracts`); what
 * leaves the server is only what those schemas name.
 *
 * - `checked` (development and tests): the response is parsed by its schema (every value checked,
 *   unknown keys stripped) and a response that breaks its contract fails with a 500. Every API test
 *   runs this way, so a route that answers off-contract fails its tests.
 * - `picked` (production): the contract's keys are copied out of the response, recursively, and
 *   nothing is checked again — the code that built the response is typed against the same schemas
 *   and was checked by the tests. Parsing a grid page of 50 contacts again (uuid and date-time
 *   patterns, a new object per row) was ~10% of the grid's request time (issue 13). Schema parts
 *   a copy could get wrong (transforms, defaults, unions, loose objects, …) are still parsed.
 */
export type ResponseCheck = 'checked' | 'picked';

type Pick = (value: unknown) => unknown;

/** Schema kinds whose parsed output is their input: copied as they are. */
const AS_IS = new Set(['string', 'number', 'int', 'boolean', 'enum', 'literal', 'null', 'unknown', 'any', 'date']);

/** Whether parsing `schema` gives its input back: a plain value, or a nullable/optional one. */
function isAsIs(schema: z.ZodType): boolean {
  const def = schema._zod.def as unknown as { type: string; innerType?: z.ZodType };
  if (AS_IS.has(def.type)) return true;
  return (def.type === 'nullable' || def.type === 'optional') && isAsIs(def.innerType!);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether an object whose values all pick to themselves may be sent instead of its copy: a plain
 * object (a class instance's toJSON would write something else).
 */
const sendableAsIs = (v: object) => Object.getPrototypeOf(v) === Object.prototype;

/** A function giving what parsing `schema` would give, JSON-wise, for a value that fits it. */
export function compilePick(schema: z.ZodType): Pick {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const parsed: Pick = (value) => {
    const r = schema.safeParse(value);
    if (!r.success) throw r.error;
    return r.data;
  };
  if (isAsIs(schema)) return (value) => value;
  switch (def.type) {
    case 'nullable': {
      const inner = compilePick(def.innerType as z.ZodType);
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional': {
      const inner = compilePick(def.innerType as z.ZodType);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'array': {
      const item = compilePick(def.element as z.ZodType);
      return (value) => (Array.isArray(value) ? value.map((v) => item(v)) : parsed(value));
    }
    case 'record': {
      // string keys only: a record keyed by an enum or a pattern is parsed
      const key = (def.keyType as z.ZodType)._zod.def as { type: string; checks?: unknown[] };
      if (key.type !== 'string' || key.checks?.length) return parsed;
      const item = compilePick(def.valueType as z.ZodType);
      return (value) => {
        if (!isPlainObject(value)) return parsed(value);
        let same = sendableAsIs(value);
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(value)) {
          const v = item(value[k]);
          if (v !== value[k]) same = false;
          out[k] = v;
        }
        return same ? value : out;
      };
    }
    case 'object': {
      // a loose object (catchall, passthrough) keeps keys the shape does not name: parsed
      if (def.catchall !== undefined) return parsed;
      const shape = def.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape);
      // null: a value copied as it is (most of a row), without a call
      const picks = keys.map((k) => (isAsIs(shape[k]!) ? null : compilePick(shape[k]!)));
      return (value) => {
        if (!isPlainObject(value)) return parsed(value);
        // a value with exactly the contract's keys, in its order, each of them its own pick, is
        // returned as it is (a grid row as the database gave it): there is nothing to leave out
        const own = Object.keys(value);
        let exact = own.length === keys.length && sendableAsIs(value);
        const vals = new Array<unknown>(keys.length);
        for (let i = 0; i < keys.length; i++) {
          const k = keys[i]!;
          const pick = picks[i];
          const before = value[k];
          const v = pick ? pick(before) : before;
          vals[i] = v;
          if (exact && (own[i] !== k || v !== before)) exact = false;
        }
        if (exact) return value;
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) if (vals[i] !== undefined) out[keys[i]!] = vals[i];
        return out;
      };
    }
    default:
      return parsed;
  }
}

/** Fastify's serializer compiler for the given mode. */
export function responseSerializer(check: ResponseCheck): FastifySerializerCompiler<z.ZodType> {
  const checked = createSerializerCompiler({}) as FastifySerializerCompiler<z.ZodType>;
  if (check === 'checked') return checked;
  return (route) => {
    const { schema, method, url } = route;
    if (!(schema instanceof z.ZodType)) return checked(route);
    const pick = compilePick(schema);
    return (data) => {
      try {
        return JSON.stringify(pick(data));
      } catch (err) {
        // a part that is still parsed did not fit: the same 500 as a checked response's (errors.plugin)
        if (err instanceof z.ZodError) throw new ResponseSerializationError(method, url, { cause: err });
        throw err;
      }
    };
  };
}
