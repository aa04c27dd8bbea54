import { Anchor, Center, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import classes from './auth-layout.module.css';

/** Centered card layout of the public account screens. */
export function AuthLayout() {
  return (
    <div className={classes.root}>
      <Center component="header" pt={48} pb="lg">
        <Anchor component={Link} to="/" aria-label="Leadtrail home" underline="never">
          <Logo size={36} />
        </Anchor>
      </Center>
      <main className={classes.main}>
        <Outlet />
      </main>
      <Group component="footer" justify="center" gap="lg" py="lg">
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} Leadtrail
        </Text>
        <Anchor component={Link} to="/legal/privacy-policy" size="xs">
          Privacy policy
        </Anchor>
      </Group>
    </div>
  );
}
