let loading: Promise<unknown> | undefined;

/**
 * Issue 13: the Mantine styles the first paint does not need (lib/styles/mantine-more.ts), asked
 * for once. Every screen but the first-paint ones (app/router.tsx) and every part loaded on
 * first use (lib/lazy-part.tsx) waits for them before it renders.
 */
export function loadMoreStyles(): Promise<unknown> {
  return (loading ??= import('./styles/mantine-more').catch((error: unknown) => {
    loading = undefined; // the next screen asks again
    throw error;
  }));
}
