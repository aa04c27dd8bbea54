import type { Role } from '@leadtrail/contracts';
import { Box, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { dashboardItem, isActivePath, navGroupsFor, type NavItem } from './navigation';

function SidebarLink({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  const active = isActivePath(item.to, pathname);
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<item.icon size={18} stroke={1.6} aria-hidden="true" />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
      py={6}
    />
  );
}

export function Sidebar({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ScrollArea h="100%" type="scroll" offsetScrollbars>
      <Box component="nav" aria-label="Main" p="sm">
        <SidebarLink item={dashboardItem} pathname={pathname} onNavigate={onNavigate} />
        {navGroupsFor(role).map((group) => {
          const headingId = `nav-group-${group.label.toLowerCase().replace(/\s+/g, '-')}`;
          return (
            <Stack key={group.label} gap={0} mt="lg" role="group" aria-labelledby={headingId}>
              <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
                {group.label}
              </Text>
              {group.items.map((item) => (
                <SidebarLink key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} />
              ))}
            </Stack>
          );
        })}
      </Box>
    </ScrollArea>
  );
}
