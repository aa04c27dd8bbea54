import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container, in its own chunk: providers.tsx loads it when the first toast shows.
 * Bottom left of the page, right of the sidebar: never over the top bar's menus, a dialog's
 * close button (top right) or a drawer's buttons (right).
 */
export function NotificationsContainer({ limit }: { limit: number }) {
  return (
    <Notifications
      position="bottom-left"
      limit={limit}
      containerWidth={400}
      styles={{ root: { left: 'calc(var(--app-shell-navbar-offset, 0px) + var(--mantine-spacing-md))' } }}
    />
  );
}
