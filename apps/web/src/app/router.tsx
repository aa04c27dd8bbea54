import { createBrowserRouter, matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { meQueryOptions } from '../features/auth/api/get-me';
import { loginPathFor, safeNextPath } from '../features/auth/utils/safe-next';
import { withRouterMonitoring } from '../lib/monitoring';
import { loadMoreStyles } from '../lib/more-styles';
import { queryClient } from '../lib/query-client';
import { AuthLayout } from './layout/auth-layout';
import { RootRouteError, RouteError } from './layout/route-error';
import { recordsScreenRequests, startRouteRequests, type RouteRequests } from './route-requests';

/** Signed-out visitors of an app screen go to sign-in, and come back after it. */
async function requireSession({ request }: LoaderFunctionArgs) {
  const me = await queryClient.ensureQueryData(meQueryOptions());
  if (!me) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(`${url.pathname}${url.search}`));
  }
  return null;
}

/** Signed-in visitors of sign-in or registration go where they were heading. */
async function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  const me = await queryClient.ensureQueryData(meQueryOptions());
  if (me) throw redirect(safeNextPath(new URL(request.url).searchParams.get('next')));
  return null;
}

const routeTree: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RootRouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', loader: redirectIfSignedIn, lazy: () => import('./routes/auth/login-page') },
          { path: 'register', loader: redirectIfSignedIn, lazy: () => import('./routes/auth/register-page') },
          { path: 'register/confirm/:token', lazy: () => import('./routes/auth/register-confirm-page') },
          { path: 'reset-password', lazy: () => import('./routes/auth/reset-password-page') },
          { path: 'reset-password/:token', lazy: () => import('./routes/auth/reset-password-token-page') },
          { path: 'user-invite/:token', lazy: () => import('./routes/auth/user-invite-page') },
        ],
      },
      { path: 'legal/privacy-policy', lazy: () => import('./routes/legal/privacy-policy-page') },
      {
        id: 'app',
        loader: requireSession,
        lazy: () => import('./layout/app-shell').then((m) => ({ Component: m.AppLayout })),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: () => import('./routes/dashboard/dashboard-page') },
              {
                path: 'my-contacts',
                children: [
                  { index: true, loader: () => redirect('/my-contacts/contacts') },
                  {
                    path: 'contacts',
                    lazy: () => import('./routes/my-contacts/contacts-page'),
                    handle: { requests: recordsScreenRequests('contacts') },
                  },
                  { path: 'contacts/duplicates', lazy: () => import('./routes/my-contacts/contact-duplicates-page') },
                  { path: 'contacts/:id', lazy: () => import('./routes/my-contacts/contact-detail-page') },
                  {
                    path: 'companies',
                    lazy: () => import('./routes/my-contacts/companies-page'),
                    handle: { requests: recordsScreenRequests('companies') },
                  },
                  { path: 'companies/:id', lazy: () => import('./routes/my-contacts/company-detail-page') },
                  { path: 'prospects', lazy: () => import('./routes/my-contacts/prospects-page') },
                  { path: 'upload-file', lazy: () => import('./routes/my-contacts/upload-file-page') },
                  { path: 'uploaded-files', lazy: () => import('./routes/my-contacts/uploaded-files-page') },
                  {
                    path: 'uploaded-files/:id',
                    lazy: () => import('./routes/my-contacts/uploaded-file-detail-page'),
                  },
                ],
              },
              {
                path: 'lists',
                children: [
                  { index: true, loader: () => redirect('/lists/my-lists') },
                  { path: 'my-lists', lazy: () => import('./routes/lists/my-lists-page') },
                  { path: 'my-lists/:list', lazy: () => import('./routes/lists/list-detail-page') },
                  { path: 'suppression-list', lazy: () => import('./routes/lists/suppression-list-page') },
                ],
              },
              {
                path: 'settings',
                lazy: () => import('./layout/settings-layout').then((m) => ({ Component: m.SettingsLayout })),
                children: [
                  { index: true, loader: () => redirect('/settings/my-account') },
                  { path: 'my-account', lazy: () => import('./routes/settings/my-account-page') },
                  { path: 'company', lazy: () => import('./routes/settings/company-page') },
                  { path: 'users', lazy: () => import('./routes/settings/users-page') },
                  { path: 'api-webhooks', lazy: () => import('./routes/settings/api-webhooks-page') },
                  { path: 'masters', loader: () => redirect('/settings/masters/custom-fields') },
                  {
                    path: 'masters/custom-fields',
                    lazy: () => import('./routes/settings/custom-fields-page'),
                  },
                  { path: 'plans', lazy: () => import('./routes/settings/plans-page') },
                  { path: 'payment-methods', lazy: () => import('./routes/settings/payment-methods-page') },
                  { path: 'billing-invoices', lazy: () => import('./routes/settings/billing-invoices-page') },
                  { path: 'transactions-log', lazy: () => import('./routes/settings/transactions-log-page') },
                  { path: 'privacy', lazy: () => import('./routes/settings/privacy-page') },
                  { path: 'audit-log', lazy: () => import('./routes/settings/audit-log-page') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found-page') },
    ],
  },
];

/**
 * Issue 13: the screens the first paint's stylesheet covers (lib/styles/mantine-first.ts): the
 * signed-in shell, sign-in and the contacts and companies grids. Every other screen's code is
 * taken together with the rest of Mantine's styles (lib/more-styles.ts).
 */
const firstPaintPaths = new Set(['login', 'contacts', 'companies']);

const withMoreStyles = (list: RouteObject[]): RouteObject[] =>
  list.map((route) => {
    const { lazy } = route;
    const light = route.id === 'app' || firstPaintPaths.has(route.path ?? '');
    return {
      ...route,
      ...(typeof lazy === 'function' && !light
        ? { lazy: () => Promise.all([lazy(), loadMoreStyles()]).then(([loaded]) => loaded) }
        : {}),
      ...(route.children ? { children: withMoreStyles(route.children) } : {}),
    } as RouteObject;
  });

const routes = withMoreStyles(routeTree);

/**
 * The router, instrumented for named route transactions when monitoring is on: main.tsx calls
 * this once monitoring has started. The signed-in shell (sidebar, top bar, command palette),
 * every app page and the settings frame are separate chunks loaded by their routes, so the
 * public screens (sign-in, registration, reset, invitation, privacy policy, not found) download
 * none of them.
 */
export const createAppRouter = () => withRouterMonitoring(createBrowserRouter)(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;

/** What a route may say about itself: the API reads its screen makes as it opens. */
type RouteHandle = { requests?: RouteRequests };

/**
 * Starts downloading the code of the routes a location matches before monitoring has started
 * and the router exists: the page's chunks arrive while the configuration and the session are
 * asked for, not after them (the router's own lazy() then finds them loaded). A signed-in
 * screen's code (the shell, the page) waits for `signedIn`: a signed-out visitor of / is sent
 * to sign-in and must not download the app first. The screen's first API reads (its route's
 * handle) start with its code, not after it has loaded and rendered.
 */
export function preloadRouteModules(location: { pathname: string; search: string }, signedIn: Promise<boolean>): void {
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const load = () => {
    for (const { route } of matches) {
      if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
      const requests = (route.handle as RouteHandle | undefined)?.requests;
      if (requests) startRouteRequests(requests, new URLSearchParams(location.search));
    }
  };
  if (!matches.some(({ route }) => route.id === 'app')) load();
  else void signedIn.then((yes) => yes && load());
}
