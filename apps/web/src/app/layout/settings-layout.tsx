import { IconLock } from '@tabler/icons-react';
import { Outlet, useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useSignedInMe } from '../../features/auth/api/get-me';
import { isActivePath, isVisibleFor, settingsItems } from './navigation';

/**
 * The settings pages. Their navigation is the sidebar's Settings group (one navigation, not a
 * second menu repeating it beside the page, which left the tables too little width); a page
 * this role may not manage says so.
 */
export function SettingsLayout() {
  const me = useSignedInMe();
  const { pathname } = useLocation();
  const current = settingsItems.find((item) => isActivePath(item.to, pathname));
  const allowed = !current || isVisibleFor(me.role, current);

  if (allowed) return <Outlet />;
  return (
    <>
      <PageHeader title={current.label} description={current.description} />
      <EmptyState
        icon={<IconLock size={28} aria-hidden="true" />}
        title="Only owners and admins can manage this"
        text="Ask an owner or an admin of your workspace if something here needs to change."
      />
    </>
  );
}
