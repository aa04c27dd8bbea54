import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

// The same key is read by public/color-scheme.js before the app loads (no flash).
export const colorSchemeStorageKey = 'leadtrail-color-scheme';
const colorSchemeManager = localStorageColorSchemeManager({ key: colorSchemeStorageKey });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
      >
        <ModalsProvider>
          {/* bottom left of the page, right of the sidebar: never over the top bar's menus, a
              dialog's close button (top right) or a drawer's buttons (right) */}
          <Notifications
            position="bottom-left"
            limit={4}
            containerWidth={400}
            styles={{ root: { left: 'calc(var(--app-shell-navbar-offset, 0px) + var(--mantine-spacing-md))' } }}
          />
          {children}
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
