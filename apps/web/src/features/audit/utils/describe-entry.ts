import { auditActionLabels, type AuditAction, type AuditEntry } from '@leadtrail/contracts';

const known = (action: string): action is AuditAction => action in auditActionLabels;

/** "Signed in", or the raw action for one this build does not know yet. */
export const actionLabel = (action: string): string => (known(action) ? auditActionLabels[action] : action);

/** Who did it: the member's name, "API key <name>", or Leadtrail for the system. */
export function actorText(e: AuditEntry): string {
  if (e.actor.type === 'system') return 'Leadtrail';
  if (e.actor.type === 'api_key') return `API key ${e.actor.label ?? ''}`.trim();
  return e.actor.label ?? 'Former member';
}

const targetKinds: Record<string, string> = {
  api_key: 'API key',
  contacts: 'Contacts',
  companies: 'Companies',
  import: 'Import',
  invitation: 'Invitation',
  list: 'List',
  member: 'Member',
  suppression: 'Suppression entry',
  user: 'Account',
};

/** What it concerned, in a few words: "Member · Mia Mate", "Import · people.csv", "—". */
export function targetText(e: AuditEntry): string {
  if (!e.target) return '—';
  const kind = targetKinds[e.target.type] ?? e.target.type;
  return e.target.label ? `${kind} · ${e.target.label}` : kind;
}

/** The details a row's table cell shows in one line (counts first): "2 rows", "3 people · 3 credits". */
export function detailSummary(e: AuditEntry): string {
  const d = e.details;
  const num = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : null);
  const parts: string[] = [];
  const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  if (num('rows') !== null) parts.push(plural(num('rows')!, 'row', 'rows'));
  if (e.action === 'prospects.revealed' && num('count') !== null) parts.push(plural(num('count')!, 'person', 'people'));
  else if (num('count') !== null) parts.push(plural(num('count')!, 'record', 'records'));
  if (num('credits') !== null) parts.push(plural(num('credits')!, 'credit', 'credits'));
  if (num('removed') !== null) parts.push(`${plural(num('removed')!, 'record', 'records')} removed`);
  if (typeof d.from === 'string' && typeof d.to === 'string') parts.push(`${d.from} → ${d.to}`);
  if (typeof d.reason === 'string') parts.push(d.reason.replace(/_/g, ' '));
  return parts.join(' · ');
}
