/**
 * What a cursor may carry. A cursor comes back from the client, so every value in it is
 * checked against the shape the server writes before it reaches a cast in SQL: a value
 * PostgreSQL refuses (year 0, a NUL byte, a malformed uuid) would otherwise be a 500.
 */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A timestamptz as PostgreSQL prints it (`2026-01-02 03:04:05.123456+00`) or as ISO 8601. */
const TIMESTAMP_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?$/;

/** PostgreSQL refuses a time-zone offset beyond ±15:59 ("time zone displacement out of range"). */
const MAX_OFFSET_HOURS = 15;

export function isTimestampText(v: string): boolean {
  const m = TIMESTAMP_RE.exec(v);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(2000 + (year % 400), month, 0)).getUTCDate(); // the leap years repeat every 400
  const offsetOk = Number(m[8] ?? 0) <= MAX_OFFSET_HOURS && Number(m[9] ?? 0) <= 59;
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59 && offsetOk;
}

/** A sort value of the given SQL type, as the grid's `__sort` column prints it. */
export function isSortValue(type: string, v: string): boolean {
  if (v.includes('\u0000') || v.length > 4000) return false;
  switch (type) {
    case 'integer':
      return /^-?\d{1,10}$/.test(v) && Math.abs(Number(v)) <= 2_147_483_647;
    case 'bigint':
      return /^-?\d{1,18}$/.test(v);
    case 'numeric':
      return /^-?\d{1,30}(\.\d{1,30})?$/.test(v);
    case 'timestamptz':
      return isTimestampText(v);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(v) && isTimestampText(`${v} 00:00:00`);
    case 'jsonb':
      try {
        JSON.parse(v);
        return true;
      } catch {
        return false;
      }
    default:
      return true;
  }
}
