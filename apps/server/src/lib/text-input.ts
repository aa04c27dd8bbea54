/**
 * Text the database can't hold or that would not survive the round trip: a NUL character
 * (PostgreSQL text refuses U+0000) and a lone UTF-16 surrogate (not a character at all; it
 * would be stored as U+FFFD and silently change the value). One rule everywhere: such input is
 * refused with a 400 naming the field, never stripped (docs/decisions/0015-input-limits.md).
 */

/** Why this string can't be stored, or null when it can. */
export function textProblem(s: string): string | null {
  if (s.includes('\u0000')) return 'Remove the NUL character (\\u0000): text can’t contain it';
  // isWellFormed: false exactly when a lone surrogate is in the string (native, one pass; an
  // import checks every cell of a million rows)
  if (!s.isWellFormed()) return 'This text is not valid Unicode (a lone surrogate)';
  return null;
}

/**
 * The first `max` UTF-16 units of `s`, one fewer where the cut would split a surrogate pair
 * (an emoji): half a pair is a lone surrogate, which PostgreSQL's JSON refuses.
 */
export function cutText(s: string, max: number): string {
  if (s.length <= max) return s;
  const last = s.charCodeAt(max - 1);
  return s.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** JSON bodies nest at most this deep (a filter tree needs 8 levels, plus its wrappers). */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = { kind: 'text' | 'depth'; path: (string | number)[]; message: string };

/**
 * The first string (value or key) anywhere in `value` that can't be stored, or a nesting
 * deeper than `maxDepth`. Iterative, so a hostile 10,000-level body can't overflow the stack.
 */
export function findInputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const message = textProblem(v);
      if (message) return { kind: 'text', path, message };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (path.length >= maxDepth) return { kind: 'depth', path: path.slice(0, 1), message: `Input nests at most ${maxDepth} levels deep` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
      continue;
    }
    const entries = Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const message = textProblem(key);
      if (message) return { kind: 'text', path: [...path, key], message };
      stack.push({ v: child, path: [...path, key] });
    }
  }
  return null;
}
