import type { z } from 'zod';

/** One field that can't be used, and why (an import keeps it as a warning; the API answers 400). */
export type FieldProblem = { field: string; message: string };

/** A value checked by the contract's own schema of that field; the problem in plain words otherwise. */
export function checkField(schema: z.ZodType, field: string, raw: string, problems: FieldProblem[]): string | null {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return typeof parsed.data === 'string' && parsed.data !== '' ? parsed.data : null;
  const issue = parsed.error.issues[0]!;
  problems.push({
    field,
    message: issue.code === 'too_big' && 'maximum' in issue ? `Use at most ${String(issue.maximum)} characters` : issue.message,
  });
  return null;
}
