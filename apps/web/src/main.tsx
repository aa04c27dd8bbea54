import './lib/styles/mantine-first';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter, preloadRouteModules } from './app/router';
import { installSessionExpiryHandler } from './app/session-expiry';
import { AppErrorBoundary } from './components/app-error-boundary';
import { meQueryOptions } from './features/auth/api/get-me';
import { initMonitoring, reactRootOptions } from './lib/monitoring';
import { queryClient } from './lib/query-client';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');

  // Monitoring (when the server has a DSN) starts before the first render, and the router is
  // created after it so that route changes are traced as named transactions.
  // Every route's loader asks who is signed in, and the page's code is needed whatever
  // monitoring answers: both are fetched while monitoring starts, not one after the other.
  const me = queryClient.fetchQuery(meQueryOptions()).catch(() => null);
  preloadRouteModules(
    window.location,
    me.then((user) => user !== null),
  );
  await initMonitoring();
  const router = createAppRouter();
  installSessionExpiryHandler(router);

  createRoot(container, reactRootOptions()).render(
    <StrictMode>
      <Providers>
        <AppErrorBoundary>
          <RouterProvider router={router} />
        </AppErrorBoundary>
      </Providers>
    </StrictMode>,
  );
}

void start();
