/**
 * The reference's sections, in this order: every tag an operation uses must be here (the
 * document defines only the tags in use; apps/server/test/openapi.int.test.ts fails on one
 * without a description).
 */
export const tags: Record<string, string> = {
  auth: 'Sign-up, sign-in and sign-out, password resets, and who the caller is.',
  account: 'The signed-in person: profile, email, password, two-factor authentication, sessions and API keys.',
  workspace: 'Company settings of the current workspace and its logo.',
  members: 'The people of the workspace, their roles and status, and ownership.',
  invitations: 'Inviting people to the workspace, and the public invitation links.',
  contacts: 'People the workspace works with: the contacts grid, detail pages, notes, timelines and bulk actions.',
  companies:
    'Organisations the contacts work for: the companies grid, detail pages, notes, timelines and bulk actions.',
  lists: 'Static lists of contacts or of companies.',
  'custom fields': "Fields of the workspace's own on contacts and companies.",
  'grid preferences': 'Columns, widths and page size each member chose for a grid.',
  imports: 'CSV and XLSX imports of contacts and companies: upload, mapping, progress, errors, undo and enrichment.',
  prospects: 'The prospect database: search, facets, and revealing emails and phones for credits.',
  verification:
    'Email verification without sending mail (valid, risky, invalid, unknown, with a reason), as one address or a job over contacts; the monthly quota; the email finder.',
  'saved searches': 'Prospect searches saved by a member, privately or for the workspace.',
  'saved views': 'Saved views of the contacts and companies grids (search, filter, sort, columns), private or shared.',
  search: 'The command palette: contacts, companies, lists and imports by name, email, domain or file name.',
  credits: 'The credit balance, the ledger of every grant and charge, usage, and member limits.',
  billing: 'Plans, the subscription and its changes, cards, invoices with PDFs, credit packs, and the Stripe webhook.',
  suppressions: 'Emails and domains never to contact: the suppression list, its uploads and checks.',
  privacy: 'Erasure requests, file retention, and exports of the whole workspace.',
  audit: 'Who did what in the workspace: sign-ins, API key use and changes, kept 365 days.',
  webhooks: 'Endpoints that receive signed event notifications, and their deliveries.',
  config: 'Run-time settings the browser app reads at start.',
};
