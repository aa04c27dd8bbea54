/** Paths where returning after sign-in makes no sense (they'd loop or show a form again). */
const authPaths = ['/login', '/register', '/reset-password'];

/**
 * The `next` parameter as a same-site relative path, or the dashboard.
 * Anything absolute, protocol-relative ("//evil.example") or odd is refused (open redirect).
 */
export function safeNextPath(
  next: string | null | undefined,
  { fallback = '/', origin = window.location.origin }: { fallback?: string; origin?: string } = {},
): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // Control characters and backslashes let browsers reinterpret the URL.
  if ([...next].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20)) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  if (authPaths.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?next=…` for a path the user asked for. */
export const loginPathFor = (path: string): string =>
  path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
