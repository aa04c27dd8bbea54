import type { Me } from '@leadtrail/contracts';
import {
  Avatar,
  Box,
  Group,
  Menu,
  Text,
  UnstyledButton,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import {
  IconCheck,
  IconChevronDown,
  IconDeviceDesktop,
  IconLogout,
  IconMoon,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSignOut } from './use-sign-out';
import classes from './user-menu.module.css';

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

const schemes: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

export function UserMenu({ me }: { me: Me }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { signOut } = useSignOut();

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${me.user.name}`} px={4} py={4}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="blue" radius="xl" size={32} alt="">
              <span className={classes.initials} data-initials={initialsOf(me.user.name)} aria-hidden="true" />
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" truncate="end" maw={160}>
              {me.user.name}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text size="sm" fw={600} truncate="end">
            {me.user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {me.user.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/settings/my-account"
          leftSection={<IconUserCircle size={16} aria-hidden="true" />}
        >
          My account
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>Theme</Menu.Label>
        {schemes.map(({ value, label, icon: SchemeIcon }) => (
          <Menu.Item
            key={value}
            role="menuitemradio"
            aria-checked={colorScheme === value}
            leftSection={<SchemeIcon size={16} aria-hidden="true" />}
            rightSection={colorScheme === value ? <IconCheck size={16} aria-hidden="true" /> : null}
            onClick={() => setColorScheme(value)}
          >
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={() => void signOut()}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
