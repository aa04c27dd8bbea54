import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageSkeleton } from '../../components/page-skeleton';
import { useMe } from '../../features/auth/api/get-me';
import { PastDueBanner } from '../../features/billing/components/past-due-banner';
import classes from './app-shell.module.css';
import { CommandPalette } from './command-palette';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** From this width the sidebar shows its labels; below it, icons with tooltips (UI.md, Layout). */
export const SIDEBAR_FULL_FROM = 1280;
const SIDEBAR_ICONS_WIDTH = 68;

/** The signed-in frame: top bar, sidebar, and the page. */
export function AppLayout() {
  const { data: me } = useMe();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // below 1280 px (down to the phone breakpoint) the sidebar shows its icons only, with tooltips
  const wide = useMediaQuery(`(min-width: ${SIDEBAR_FULL_FROM}px)`, true, { getInitialValueInEffect: false });
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const compact = !wide && !phone;

  useEffect(() => {
    close();
  }, [pathname, close]);

  // The route loader makes sure there is a session; none here means signing out.
  if (!me) return <FullPageLoader label="Signing out…" />;

  // confirmations (modals.openConfirmModal) are asked only in the signed-in app: their
  // provider is part of this chunk, not of what the public screens load
  return (
    <ModalsProvider>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: compact ? SIDEBAR_ICONS_WIDTH : 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding={{ base: 'md', md: 'xl' }}
      >
        <a href="#main-content" className={classes.skipLink}>
          Skip to main content
        </a>
        <AppShell.Header>
          <TopBar me={me} navOpened={navOpened} onToggleNav={toggle} />
        </AppShell.Header>
        <AppShell.Navbar>
          <Sidebar role={me.role} onNavigate={close} compact={compact} />
        </AppShell.Navbar>
        <AppShell.Main id="main-content" className={classes.main} tabIndex={-1}>
          <Box maw={1400} mx="auto">
            <PastDueBanner role={me.role} />
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </Box>
        </AppShell.Main>
        <CommandPalette role={me.role} />
      </AppShell>
    </ModalsProvider>
  );
}
