import { Box, Flex, NavLink, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useSignedInMe } from '../../features/auth/api/get-me';
import { isActivePath, isVisibleFor, settingsItems } from './navigation';

/** Settings pages share a sub-navigation on the left. */
export function SettingsLayout() {
  const me = useSignedInMe();
  const { pathname } = useLocation();
  const items = settingsItems.filter((item) => isVisibleFor(me.role, item));
  const current = settingsItems.find((item) => isActivePath(item.to, pathname));
  const allowed = !current || isVisibleFor(me.role, current);

  return (
    <Flex gap="xl" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
      <Box component="nav" aria-labelledby="settings-nav-heading" w={{ base: '100%', md: 220 }} flex="none">
        <Text id="settings-nav-heading" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
          Settings
        </Text>
        {items.map((item) => {
          const active = isActivePath(item.to, pathname);
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={active}
              aria-current={active ? 'page' : undefined}
              variant="light"
              py={6}
            />
          );
        })}
      </Box>
      <Box flex={1} miw={0}>
        {allowed ? (
          <Outlet />
        ) : (
          <>
            <PageHeader title={current.label} description={current.description} />
            <EmptyState
              icon={<IconLock size={28} aria-hidden="true" />}
              title="Only owners and admins can manage this"
              text="Ask an owner or an admin of your workspace if something here needs to change."
            />
          </>
        )}
      </Box>
    </Flex>
  );
}
