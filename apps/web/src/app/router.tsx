import { createBrowserRouter, matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { meQueryOptions } from '../features/auth/api/get-me';
import { loginPathFor, safeNextPath } from '../features/auth/utils/safe-next';
import { withRouterMonitoring } from '../lib/monitoring';
import { queryClient } from '../lib/query-client';
import { AuthLayout } from './layout/auth-layout';
import { RootRouteError, RouteError } from './layout/route-error';

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

const routes: RouteObject[] = [
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
                  { path: 'contacts', lazy: () => import('./routes/my-contacts/contacts-page') },
                  { path: 'contacts/:id', lazy: () => import('./routes/my-contacts/contact-detail-page') },
                  { path: 'companies', lazy: () => import('./routes/my-contacts/companies-page') },
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
 * The router, instrumented for named route transactions when monitoring is on: main.tsx calls
 * this once monitoring has started. The signed-in shell (sidebar, top bar, command palette),
 * every app page and the settings frame are separate chunks loaded by their routes, so the
 * public screens (sign-in, registration, reset, invitation, privacy policy, not found) download
 * none of them.
 */
export const createAppRouter = () => withRouterMonitoring(createBrowserRouter)(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Starts downloading the code of the routes a path matches before monitoring has started and
 * the router exists: the page's chunks arrive while the configuration and the session are
 * asked for, not after them (the router's own lazy() then finds them loaded). A signed-in
 * screen's code (the shell, the page) waits for `signedIn`: a signed-out visitor of / is sent
 * to sign-in and must not download the app first.
 */
export function preloadRouteModules(pathname: string, signedIn: Promise<boolean>): void {
  const matches = matchRoutes(routes, pathname) ?? [];
  const load = () => {
    for (const { route } of matches) {
      if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
    }
  };
  if (!matches.some(({ route }) => route.id === 'app')) load();
  else void signedIn.then((yes) => yes && load());
}
