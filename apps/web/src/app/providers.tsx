import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

// The same key is read by public/color-scheme.js before the app loads (no flash).
export const colorSchemeStorageKey = 'leadtrail-color-scheme';
const colorSchemeManager = localStorageColorSchemeManager({ key: colorSchemeStorageKey });

const NOTIFICATIONS_LIMIT = 4;
// what the container sets when it mounts, set before: a toast shown first is placed the same way
notificationsStore.updateState((state) => ({ ...state, limit: NOTIFICATIONS_LIMIT, defaultPosition: 'bottom-left' }));

const NotificationsContainer = lazy(() =>
  import('./notifications-container').then((m) => ({ default: m.NotificationsContainer })),
);

/**
 * The toasts' container (with its transitions) is downloaded when the first toast is shown,
 * not with every page: the public screens rarely show one (issue 13). It stays mounted after.
 */
function NotificationsWhenShown() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer limit={NOTIFICATIONS_LIMIT} />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
      >
        <NotificationsWhenShown />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
