import type { Role } from '@leadtrail/contracts';
import { Spotlight, type SpotlightActionGroupData } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { dashboardItem, navGroupsFor, type NavItem } from './navigation';

/** Ctrl/Cmd-K: jump to any screen the role can see. */
export function CommandPalette({ role }: { role: Role }) {
  const navigate = useNavigate();

  const actions = useMemo<SpotlightActionGroupData[]>(() => {
    const toAction = (item: NavItem) => ({
      id: item.to,
      label: item.label,
      description: item.description,
      keywords: item.keywords,
      leftSection: <item.icon size={20} stroke={1.6} aria-hidden="true" />,
      onClick: () => void navigate(item.to),
    });
    return [
      { group: 'General', actions: [toAction(dashboardItem)] },
      ...navGroupsFor(role).map((group) => ({ group: group.label, actions: group.items.map(toAction) })),
    ];
  }, [role, navigate]);

  return (
    <Spotlight
      actions={actions}
      shortcut={['mod + K']}
      highlightQuery
      nothingFound="No screen matches that search"
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch size={18} stroke={1.6} aria-hidden="true" />,
        placeholder: 'Jump to a screen…',
        'aria-label': 'Search screens',
      }}
    />
  );
}
