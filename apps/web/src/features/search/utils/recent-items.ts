/** What the palette opened lately, kept in this browser (localStorage), newest first. */
export type RecentItem = {
  kind: 'contact' | 'company' | 'list' | 'import';
  id: string;
  label: string;
  description?: string;
  to: string;
};

const KEY = 'leadtrail:palette-recent';
export const RECENT_LIMIT = 6;

const isItem = (v: unknown): v is RecentItem =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RecentItem).id === 'string' &&
  typeof (v as RecentItem).label === 'string' &&
  typeof (v as RecentItem).to === 'string' &&
  ['contact', 'company', 'list', 'import'].includes((v as RecentItem).kind);

/** The recent items (a broken or foreign value reads as none). */
export function readRecent(storage: Pick<Storage, 'getItem'> = window.localStorage): RecentItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem).slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts an item first (once), keeping the newest RECENT_LIMIT. */
export function pushRecent(item: RecentItem, storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage): RecentItem[] {
  const next = [item, ...readRecent(storage).filter((r) => !(r.kind === item.kind && r.id === item.id))].slice(0, RECENT_LIMIT);
  try {
    storage.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the palette still works without recents
  }
  return next;
}
