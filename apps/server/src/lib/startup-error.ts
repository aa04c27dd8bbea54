/**
 * A start failure told as what failed and what to do about it (issue 13): main.ts prints both and
 * exits non-zero. Never carries a password (DATABASE_URL and REDIS_URL are shown as host:port).
 */
export class StartupError extends Error {
  constructor(
    readonly what: string,
    readonly todo: string,
    options?: { cause?: unknown },
  ) {
    super(what, options);
    this.name = 'StartupError';
  }
}

/** host:port of a connection URL, without user or password. */
export function hostPort(url: string, defaultPort: number): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || defaultPort}`;
  } catch {
    return '(an unreadable URL)';
  }
}

/** The error's own code, or the first code among an AggregateError's (several addresses tried). */
export function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; errors?: unknown[] } | null | undefined;
  if (typeof e?.code === 'string') return e.code;
  if (Array.isArray(e?.errors)) for (const inner of e.errors) if (errorCode(inner)) return errorCode(inner);
  return undefined;
}

/** A readable line for any thrown value: message, else its code, else what it is. */
export function describeError(err: unknown): string {
  if (err instanceof Error) {
    if (err.message) return err.message;
    const code = errorCode(err);
    if (code) return code;
    return err.name;
  }
  if (err === undefined || err === null) return `an error without a message (${String(err)})`;
  return String(err);
}

/** The lines main.ts prints for a failed start. */
export function startupFailureText(err: unknown): string {
  if (err instanceof StartupError) return `[leadtrail] could not start: ${err.what}\n[leadtrail] what to do: ${err.todo}`;
  const stack = err instanceof Error && err.stack ? `\n${err.stack}` : '';
  return `[leadtrail] could not start: ${describeError(err)}${stack}`;
}
