import type { Role } from '@leadtrail/contracts';
import { Box, Divider, NavLink, ScrollArea, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { dashboardItem, isActivePath, navGroupsFor, type NavItem } from './navigation';

type LinkProps = { item: NavItem; pathname: string; onNavigate?: () => void; compact: boolean };

function SidebarLink({ item, pathname, onNavigate, compact }: LinkProps) {
  const active = isActivePath(item.to, pathname);
  const icon = <item.icon size={compact ? 20 : 18} stroke={1.6} aria-hidden="true" />;
  if (compact) {
    // icons only: the name is the link's accessible name and its tooltip
    return (
      <Tooltip
        label={item.label}
        position="right"
        withArrow
        openDelay={150}
        events={{ hover: true, focus: true, touch: false }}
      >
        <NavLink
          component={Link}
          to={item.to}
          aria-label={item.label}
          label={null}
          leftSection={icon}
          active={active}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          variant="light"
          py={8}
          styles={{ section: { marginInlineEnd: 0 }, body: { display: 'none' }, root: { justifyContent: 'center' } }}
        />
      </Tooltip>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
      py={6}
    />
  );
}

/**
 * The main navigation: the dashboard, then My Contacts, Lists and Settings (the one navigation
 * of the settings pages). `compact`: icons with tooltips, the group names kept for screen readers.
 */
export function Sidebar({
  role,
  onNavigate,
  compact = false,
}: {
  role: Role;
  onNavigate?: () => void;
  compact?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <ScrollArea h="100%" type="scroll" offsetScrollbars={!compact}>
      <Box component="nav" aria-label="Main" p={compact ? 'xs' : 'sm'} data-compact={compact || undefined}>
        <SidebarLink item={dashboardItem} pathname={pathname} onNavigate={onNavigate} compact={compact} />
        {navGroupsFor(role).map((group) => {
          const headingId = `nav-group-${group.label.toLowerCase().replace(/\s+/g, '-')}`;
          return (
            <Stack
              key={group.label}
              gap={compact ? 2 : 0}
              mt={compact ? 'xs' : 'lg'}
              role="group"
              aria-labelledby={headingId}
            >
              {compact ? (
                <>
                  <Divider my={4} />
                  <VisuallyHidden id={headingId}>{group.label}</VisuallyHidden>
                </>
              ) : (
                <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
                  {group.label}
                </Text>
              )}
              {group.items.map((item) => (
                <SidebarLink key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} compact={compact} />
              ))}
            </Stack>
          );
        })}
      </Box>
    </ScrollArea>
  );
}
