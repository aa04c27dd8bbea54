import '@mantine/spotlight/styles.css';
import { can, type Permission, type Role } from '@leadtrail/contracts';
import { Loader, Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import {
  IconAddressBook,
  IconBuildingSkyscraper,
  IconClock,
  IconCreditCard,
  IconFileUpload,
  IconList,
  IconListDetails,
  IconPlus,
  IconSearch,
  IconSparkles,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';
import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { usePaletteSearch } from '../../features/search/api/search-api';
import { pushRecent, readRecent, type RecentItem } from '../../features/search/utils/recent-items';
import { dashboardItem, navGroupsFor } from './navigation';

type PaletteItem = {
  id: string;
  label: string;
  description?: string;
  icon: Icon;
  /** Words the local filter matches besides label and description. */
  keywords?: string[];
  run: () => void;
};
type PaletteGroup = { label: string; items: PaletteItem[] };

type ActionDef = {
  label: string;
  to: string;
  icon: Icon;
  description: string;
  permission?: Permission;
  keywords: string[];
};

/** What the palette can do besides opening screens and records (each opens the screen that does it). */
const ACTIONS: ActionDef[] = [
  {
    label: 'New contact',
    to: '/my-contacts/contacts?new=1',
    icon: IconPlus,
    description: 'Add a contact by hand',
    permission: 'records:write',
    keywords: ['create', 'add', 'person'],
  },
  {
    label: 'New company',
    to: '/my-contacts/companies?new=1',
    icon: IconPlus,
    description: 'Add a company by hand',
    permission: 'records:write',
    keywords: ['create', 'add', 'account'],
  },
  {
    label: 'Upload file',
    to: '/my-contacts/upload-file',
    icon: IconFileUpload,
    description: 'Import contacts or companies from CSV or Excel',
    permission: 'records:write',
    keywords: ['import', 'csv', 'xlsx'],
  },
  {
    label: 'Invite members',
    to: '/settings/users?invite=1',
    icon: IconUserPlus,
    description: 'Invite people to this workspace',
    permission: 'settings:manage',
    keywords: ['team', 'user', 'add'],
  },
  {
    label: 'New list',
    to: '/lists/my-lists?new=1',
    icon: IconPlus,
    description: 'Create a static list',
    permission: 'records:write',
    keywords: ['create', 'add', 'list'],
  },
  {
    label: 'Reveal contacts',
    to: '/my-contacts/prospects',
    icon: IconSparkles,
    description: 'Find and reveal people in the prospect database',
    permission: 'prospects:reveal',
    keywords: ['prospects', 'find', 'email', 'phone'],
  },
  {
    label: 'Buy credits',
    to: '/settings/plans',
    icon: IconCreditCard,
    description: 'Plans and credit packs',
    permission: 'billing:manage',
    keywords: ['credits', 'upgrade', 'plan', 'billing'],
  },
];

const RESULTS_ID = 'command-palette-results';

const RECENT_ICONS: Record<RecentItem['kind'], Icon> = {
  contact: IconAddressBook,
  company: IconBuildingSkyscraper,
  list: IconList,
  import: IconListDetails,
};

/** Every word of the query in the item's label, description or keywords. */
const matches = (item: PaletteItem, words: string[]) => {
  const text = [item.label, item.description ?? '', ...(item.keywords ?? [])].join(' ').toLowerCase();
  return words.every((w) => text.includes(w));
};

/**
 * Ctrl/Cmd-K (issue 14): finds contacts, companies, lists and imports on the server as you type
 * (debounced, grouped by kind), jumps to any screen the role can see and runs the common
 * actions. With nothing typed it shows what was opened lately first. Keyboard only: arrows move,
 * Enter opens, Escape closes.
 */
export function CommandPalette({ role }: { role: Role }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState<RecentItem[]>([]);
  const [open, setOpen] = useState(false);
  const search = usePaletteSearch(query, open);
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);

  const openRecord = (item: RecentItem) => {
    setRecent(pushRecent(item));
    void navigate(item.to);
  };

  // a screen that an action already opens is listed once, as the action
  const screens = useMemo<PaletteItem[]>(
    () =>
      [dashboardItem, ...navGroupsFor(role).flatMap((g) => g.items)]
        .filter((item) => !ACTIONS.some((a) => a.to === item.to && (!a.permission || can(role, a.permission))))
        .map((item) => ({
          id: `screen:${item.to}`,
          label: item.label,
          description: item.description,
          icon: item.icon,
          keywords: item.keywords,
          run: () => void navigate(item.to),
        })),
    [role, navigate],
  );
  const actions = useMemo<PaletteItem[]>(
    () =>
      ACTIONS.filter((a) => !a.permission || can(role, a.permission)).map((a) => ({
        id: `action:${a.label}`,
        label: a.label,
        description: a.description,
        icon: a.icon,
        keywords: a.keywords,
        run: () => void navigate(a.to),
      })),
    [role, navigate],
  );

  const groups: PaletteGroup[] = [];
  const recordItem = (r: RecentItem): PaletteItem => ({
    id: `${r.kind}:${r.id}`,
    label: r.label,
    description: r.description,
    icon: RECENT_ICONS[r.kind],
    run: () => openRecord(r),
  });
  if (words.length === 0) {
    if (recent.length) groups.push({ label: 'Recent', items: recent.map(recordItem) });
    groups.push({ label: 'Actions', items: actions }, { label: 'Go to', items: screens });
  } else {
    const found = search.data;
    const matchingActions = actions.filter((a) => matches(a, words));
    if (matchingActions.length) groups.push({ label: 'Actions', items: matchingActions });
    if (found) {
      const kinds: [string, RecentItem[]][] = [
        [
          'Contacts',
          found.contacts.map((c) => ({
            kind: 'contact',
            id: c.id,
            label: c.name,
            description: [c.email, c.companyName].filter(Boolean).join(' · ') || undefined,
            to: `/my-contacts/contacts/${c.id}`,
          })),
        ],
        [
          'Companies',
          found.companies.map((c) => ({
            kind: 'company',
            id: c.id,
            label: c.name,
            description: c.domain ?? undefined,
            to: `/my-contacts/companies/${c.id}`,
          })),
        ],
        [
          'Lists',
          found.lists.map((l) => ({
            kind: 'list',
            id: l.id,
            label: l.name,
            description: l.entity === 'contacts' ? 'List of contacts' : 'List of companies',
            to: `/lists/my-lists/${l.id}`,
          })),
        ],
        [
          'Imports',
          found.imports.map((i) => ({
            kind: 'import',
            id: i.id,
            label: i.fileName,
            description: `Import · ${i.status}`,
            to: `/my-contacts/uploaded-files/${i.id}`,
          })),
        ],
      ];
      for (const [label, items] of kinds) if (items.length) groups.push({ label, items: items.map(recordItem) });
    }
    const matchingScreens = screens.filter((s) => matches(s, words));
    if (matchingScreens.length) groups.push({ label: 'Go to', items: matchingScreens });
  }
  const empty = groups.length === 0;
  // Results arrive after the query changed (debounced server search): keep one of them selected,
  // so Enter opens the first result without an arrow key first.
  const itemsKey = groups.flatMap((g) => g.items.map((i) => i.id)).join('|');
  useLayoutEffect(() => {
    if (!open) return;
    const selectFirst = () => {
      const list = document.getElementById(RESULTS_ID);
      if (!list || list.querySelector('[data-selected]')) return;
      list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
    };
    // at once when the results change (before Enter can be pressed), again once the opening
    // modal has drawn the list
    selectFirst();
    const frame = requestAnimationFrame(selectFirst);
    return () => cancelAnimationFrame(frame);
  }, [itemsKey, open]);

  let status: ReactNode = null;
  if (words.length && empty) {
    status = search.settled
      ? search.isError
        ? 'Search failed; try again'
        : 'Nothing matches that search'
      : 'Searching…';
  }

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      scrollable
      maxHeight={480}
      onSpotlightOpen={() => {
        // Spotlight empties the query once its closing animation has ended: opened again
        // before that (a quick Ctrl+K after picking a result) it would still hold the last one
        setQuery('');
        setRecent(readRecent());
        setOpen(true);
      }}
      onSpotlightClose={() => setOpen(false)}
    >
      <Spotlight.Search
        placeholder="Search contacts, companies, lists, imports, screens…"
        aria-label="Search records, screens and actions"
        leftSection={<IconSearch size={18} stroke={1.6} aria-hidden="true" />}
        rightSection={words.length > 0 && !search.settled ? <Loader size={14} aria-label="Searching" /> : null}
      />
      <Spotlight.ActionsList id={RESULTS_ID}>
        {groups.map((group) => (
          <Spotlight.ActionsGroup key={group.label} label={group.label}>
            {group.items.map((item) => (
              <Spotlight.Action
                key={item.id}
                label={item.label}
                description={item.description}
                leftSection={<item.icon size={20} stroke={1.6} aria-hidden="true" />}
                rightSection={group.label === 'Recent' ? <IconClock size={14} aria-hidden="true" /> : undefined}
                highlightQuery
                onClick={item.run}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {status && (
          <Spotlight.Empty>
            <Text size="sm" c="dimmed" aria-live="polite">
              {status}
            </Text>
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
