/** What COPY's text format escapes. */
const SPECIAL = /[\\\t\n\r]/;

/** A value for COPY's text format: \N for null, and backslash, tab and line breaks escaped. */
export function copyValue(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v !== 'string') return String(v);
  // most values have nothing to escape: one native scan instead of a loop over their characters
  if (!SPECIAL.test(v)) return v;
  let out = '';
  let last = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 92 || c === 9 || c === 10 || c === 13) {
      out += v.slice(last, i) + (c === 92 ? '\\\\' : c === 9 ? '\\t' : c === 10 ? '\\n' : '\\r');
      last = i + 1;
    }
  }
  return last === 0 ? v : out + v.slice(last);
}
