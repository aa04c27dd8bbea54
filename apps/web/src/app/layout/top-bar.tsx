import type { Me } from '@leadtrail/contracts';
import { Anchor, Burger, Button, Divider, Group, Kbd, Text } from '@mantine/core';
import { spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Logo, LogoMark } from '../../components/logo';
import { meQueryKey } from '../../features/auth/api/get-me';
import { useSubscription } from '../../features/billing/api/billing';
import { CreditBalance } from '../../features/credits/components/credit-balance';
import { WorkspaceSwitcher } from '../../features/workspace/components/workspace-switcher';
import { UserMenu } from './user-menu';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

type TopBarProps = {
  me: Me;
  navOpened: boolean;
  onToggleNav: () => void;
};

export function TopBar({ me, navOpened, onToggleNav }: TopBarProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // the plan's monthly grant: the balance turns amber under 10% of it
  const subscription = useSubscription();

  const onSwitched = async () => {
    // Everything cached belongs to the previous workspace.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    await queryClient.refetchQueries({ queryKey: meQueryKey });
    await navigate('/');
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        {/* the wordmark only where it has room: on a phone the credits and search would cover it */}
        <Anchor component={Link} to="/" aria-label="Leadtrail, go to dashboard" underline="never" visibleFrom="sm">
          <Logo size={26} />
        </Anchor>
        <Anchor component={Link} to="/" aria-label="Leadtrail, go to dashboard" underline="never" hiddenFrom="sm" lh={0}>
          <LogoMark size={26} />
        </Anchor>
        <Divider orientation="vertical" visibleFrom="xs" my={14} />
        <WorkspaceSwitcher
          currentId={me.workspace.id}
          currentName={me.workspace.name}
          workspaces={me.workspaces}
          onSwitched={onSwitched}
        />
      </Group>
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        <CreditBalance grant={subscription.data?.monthlyCredits} />
        <Button
          variant="default"
          size="sm"
          onClick={() => spotlight.open()}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={
            <Text component="span" visibleFrom="sm" size="xs">
              <Kbd size="xs">{isMac ? '⌘' : 'Ctrl'}</Kbd> <Kbd size="xs">K</Kbd>
            </Text>
          }
          aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        >
          Search
        </Button>
        <UserMenu me={me} />
      </Group>
    </Group>
  );
}
