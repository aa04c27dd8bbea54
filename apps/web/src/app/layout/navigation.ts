import { can, type Permission, type Role } from '@leadtrail/contracts';
import {
  IconAddressBook,
  IconBan,
  IconBuilding,
  IconBuildingSkyscraper,
  IconCreditCard,
  IconFileInvoice,
  IconFileUpload,
  IconFiles,
  IconForms,
  IconLayoutDashboard,
  IconList,
  IconReceipt2,
  IconShieldLock,
  IconShieldSearch,
  IconSparkles,
  IconUserCircle,
  IconUserSearch,
  IconUsersGroup,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';

export type NavItem = {
  label: string;
  to: string;
  icon: Icon;
  /** One line for the command palette. */
  description: string;
  /** Hidden from roles without it (the server enforces it anyway). */
  permission?: Permission;
  keywords?: string[];
};

export type NavGroup = { label: string; items: NavItem[] };

export const dashboardItem: NavItem = {
  label: 'Dashboard',
  to: '/',
  icon: IconLayoutDashboard,
  description: 'Overview of your workspace',
  keywords: ['home', 'overview'],
};

export const settingsItems: NavItem[] = [
  {
    label: 'My account',
    to: '/settings/my-account',
    icon: IconUserCircle,
    description: 'Profile, password, two-step verification, sessions, API keys',
    keywords: ['profile', 'password', '2fa', 'totp', 'api key'],
  },
  {
    label: 'Company',
    to: '/settings/company',
    icon: IconBuilding,
    description: 'Workspace name, address, tax ID and time zone',
    permission: 'settings:manage',
    keywords: ['workspace', 'organisation', 'organization'],
  },
  {
    label: 'Users',
    to: '/settings/users',
    icon: IconUsersGroup,
    description: 'Members, roles and invitations',
    permission: 'settings:manage',
    keywords: ['team', 'members', 'invite'],
  },
  {
    label: 'API & webhooks',
    to: '/settings/api-webhooks',
    icon: IconWebhook,
    description: 'Webhook endpoints, their deliveries, and the REST API',
    permission: 'settings:manage',
    keywords: ['webhook', 'api', 'integration', 'zapier', 'crm'],
  },
  {
    label: 'Custom fields',
    to: '/settings/masters/custom-fields',
    icon: IconForms,
    description: 'Extra fields for contacts and companies',
    // members see the fields read-only (the page says why they can't change them)
    keywords: ['masters', 'fields'],
  },
  {
    label: 'Plans',
    to: '/settings/plans',
    icon: IconSparkles,
    description: 'Your plan, credits and upgrades',
    keywords: ['subscription', 'upgrade', 'credits'],
  },
  {
    label: 'Payment methods',
    to: '/settings/payment-methods',
    icon: IconCreditCard,
    description: 'Cards on file',
    permission: 'billing:manage',
    keywords: ['card', 'billing'],
  },
  {
    label: 'Billing & invoices',
    to: '/settings/billing-invoices',
    icon: IconFileInvoice,
    description: 'Invoices and their PDFs',
    permission: 'billing:manage',
    keywords: ['invoice', 'billing'],
  },
  {
    label: 'Transactions log',
    to: '/settings/transactions-log',
    icon: IconReceipt2,
    description: 'Every credit granted and spent',
    keywords: ['credits', 'ledger'],
  },
  {
    label: 'Audit log',
    to: '/settings/audit-log',
    icon: IconShieldSearch,
    description: 'Who did what, when and from where',
    permission: 'settings:manage',
    keywords: ['audit', 'security', 'sign-in', 'export', 'history', 'compliance'],
  },
  {
    label: 'Privacy',
    to: '/settings/privacy',
    icon: IconShieldLock,
    description: 'Export the workspace, erase a person, file retention, delete the workspace',
    permission: 'settings:manage',
    keywords: ['gdpr', 'erasure', 'export', 'retention', 'delete workspace'],
  },
];

export const navGroups: NavGroup[] = [
  {
    label: 'My Contacts',
    items: [
      {
        label: 'Contacts',
        to: '/my-contacts/contacts',
        icon: IconAddressBook,
        description: "Your workspace's people",
        keywords: ['people', 'leads'],
      },
      {
        label: 'Companies',
        to: '/my-contacts/companies',
        icon: IconBuildingSkyscraper,
        description: "Your workspace's companies",
        keywords: ['accounts', 'organisations'],
      },
      {
        label: 'Prospects',
        to: '/my-contacts/prospects',
        icon: IconUserSearch,
        description: 'Find new people to contact',
        keywords: ['search', 'find', 'reveal'],
      },
      {
        label: 'Upload file',
        to: '/my-contacts/upload-file',
        icon: IconFileUpload,
        description: 'Import contacts or companies from CSV or Excel',
        keywords: ['import', 'csv', 'xlsx'],
      },
      {
        label: 'Uploaded files',
        to: '/my-contacts/uploaded-files',
        icon: IconFiles,
        description: 'Import history and status',
        keywords: ['imports', 'history'],
      },
    ],
  },
  {
    label: 'Lists',
    items: [
      {
        label: 'My lists',
        to: '/lists/my-lists',
        icon: IconList,
        description: 'Lists of contacts and companies',
        keywords: ['segments'],
      },
      {
        label: 'Suppression list',
        to: '/lists/suppression-list',
        icon: IconBan,
        description: 'Emails and domains never to contact',
        keywords: ['opt-out', 'unsubscribe', 'do not contact'],
      },
    ],
  },
  { label: 'Settings', items: settingsItems },
];

export const isVisibleFor = (role: Role, item: NavItem): boolean =>
  !item.permission || can(role, item.permission);

/** The groups as this role sees them (empty groups dropped). */
export const navGroupsFor = (role: Role): NavGroup[] =>
  navGroups
    .map((group) => ({ ...group, items: group.items.filter((item) => isVisibleFor(role, item)) }))
    .filter((group) => group.items.length > 0);

/** Is this item the current page (or a parent of it)? */
export const isActivePath = (to: string, pathname: string): boolean =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
