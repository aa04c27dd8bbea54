import { publicConfigSchema } from '@leadtrail/contracts';
import { useEffect, useState, type ErrorInfo } from 'react';
import type { RootOptions } from 'react-dom/client';
import {
  createRoutesFromChildren,
  isRouteErrorResponse,
  matchRoutes,
  useLocation,
  useNavigationType,
  type createBrowserRouter,
} from 'react-router';
import { api, isApiError } from './api-client';

type SentryReact = typeof import('@sentry/react');

/**
 * @sentry/react, loaded only when the server configures a DSN (GET /api/v1/config): without
 * one, no Sentry code is downloaded or run, and every helper here is a no-op.
 */
let sentry: SentryReact | null = null;

const CONFIG_TIMEOUT_MS = 3_000;

/**
 * Starts error reporting, tracing, profiling and session replay when the server has a DSN.
 * Awaited before the first render and before the router is created, so the page load is
 * traced and route changes become named transactions. Never throws: monitoring failing to
 * start must not keep the app from starting.
 */
export async function initMonitoring(): Promise<boolean> {
  try {
    const config = await api.get('/api/v1/config', { schema: publicConfigSchema, signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
    const settings = config.sentry;
    if (!settings) return false;
    const [S, options] = await Promise.all([import('@sentry/react'), import('./monitoring-options')]);
    S.init({
      ...options.baseSentryOptions(settings),
      transport: (transportOptions) =>
        options.replayDirectTransport((url) => S.makeFetchTransport({ ...transportOptions, url }), transportOptions.url, settings.dsn),
      integrations: [
        S.reactRouterBrowserTracingIntegration({ useEffect, useLocation, useNavigationType, createRoutesFromChildren, matchRoutes }),
        S.browserProfilingIntegration(),
        S.replayIntegration({ ...options.REPLAY_OPTIONS, beforeAddRecordingEvent: options.scrubRecordingEvent }),
      ],
      // reset and invitation tokens are in page URLs: they must not reach the monitoring service
      beforeBreadcrumb: (breadcrumb) => options.scrubDeep(breadcrumb),
      beforeSendSpan: (span) => options.scrubDeep(span),
    });
    // every event kind (errors, replay events) passes here
    S.addEventProcessor((event) => options.scrubDeep(event));
    sentry = S;
    return true;
  } catch {
    return false;
  }
}

export const monitoringEnabled = (): boolean => sentry !== null;

type CreateBrowserRouter = typeof createBrowserRouter;

/** createBrowserRouter, instrumented for named route transactions when monitoring is on. */
export function withRouterMonitoring(create: CreateBrowserRouter): CreateBrowserRouter {
  return sentry ? (sentry.wrapCreateBrowserRouter(create as never) as unknown as CreateBrowserRouter) : create;
}

/** Options for createRoot: errors React could not recover from are reported. */
export function reactRootOptions(): RootOptions {
  if (!sentry) return {};
  return { onUncaughtError: sentry.reactErrorHandler(), onRecoverableError: sentry.reactErrorHandler() };
}

/** Answers from the server the user can act on (4xx) and lost connections are not incidents. */
export function isReportable(error: unknown): boolean {
  if (isApiError(error)) return error.status >= 500;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return true;
}

const reported = new WeakMap<object, string>();

/** Reports an unexpected error once (render and loader errors reach error screens repeatedly); returns its event id. */
export function reportError(error: unknown, errorInfo?: ErrorInfo): string | undefined {
  if (!sentry || !isReportable(error)) return undefined;
  const key = typeof error === 'object' && error !== null ? error : null;
  const known = key ? reported.get(key) : undefined;
  if (known) return known;
  const eventId = errorInfo?.componentStack
    ? sentry.captureReactException(error, { componentStack: errorInfo.componentStack }, { mechanism: { handled: true } })
    : sentry.captureException(error, { mechanism: { handled: true, type: 'auto.function.react_router.error_element' } });
  if (key) reported.set(key, eventId);
  return eventId;
}

/** For error screens: reports the error and gives the event id to show to the user. */
export function useReportedError(error: unknown): string | undefined {
  const [eventId, setEventId] = useState<string>();
  useEffect(() => {
    setEventId(reportError(error));
  }, [error]);
  return eventId;
}
