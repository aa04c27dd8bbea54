import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { installSessionExpiryHandler } from './app/session-expiry';
import { AppErrorBoundary } from './components/app-error-boundary';
import { initMonitoring, reactRootOptions } from './lib/monitoring';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');

  // Monitoring (when the server has a DSN) starts before the first render, and the router is
  // created after it so that route changes are traced as named transactions.
  await initMonitoring();
  const { router } = await import('./app/router');
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
