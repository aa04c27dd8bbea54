/** The PostgreSQL error behind a (possibly Drizzle-wrapped) error, for constraint handling. */
export type PgErrorInfo = { code: string; constraint?: string; detail?: string };

export function pgErrorOf(err: unknown): PgErrorInfo | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: (e as { constraint?: string }).constraint, detail: (e as { detail?: string }).detail };
    }
  }
  return null;
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
};

export const isForeignKeyViolation = (err: unknown) => pgErrorOf(err)?.code === '23503';
