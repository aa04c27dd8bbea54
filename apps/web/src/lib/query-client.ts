import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The app decides what a 401 means (session ended: back to sign-in). */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler | null): void => {
  onUnauthorized = handler;
};

const handleError = (error: unknown): void => {
  if (isApiError(error) && error.status === 401) onUnauthorized?.();
};

export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  // a workspace running its share of large requests (429 workspace_busy): its slots free
  // within seconds, and the default delays (1, 2, 4 s) cover the Retry-After (decision 0029)
  if (isApiError(error) && error.status === 429 && error.code === 'workspace_busy') return failureCount < 3;
  // Client errors won't change on retry; network and server errors might.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handleError }),
  mutationCache: new MutationCache({ onError: handleError }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
