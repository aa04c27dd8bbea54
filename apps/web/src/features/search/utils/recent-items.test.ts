import { describe, expect, it } from 'vitest';
import { pushRecent, readRecent, RECENT_LIMIT, type RecentItem } from './recent-items';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};
const item = (i: number, kind: RecentItem['kind'] = 'contact'): RecentItem => ({ kind, id: `id-${i}`, label: `Item ${i}`, to: `/x/${i}` });

describe('palette recent items', () => {
  it('keeps the newest first, once each, at most RECENT_LIMIT', () => {
    const s = memory();
    for (let i = 0; i < RECENT_LIMIT + 2; i++) pushRecent(item(i), s);
    pushRecent(item(3), s);
    const recent = readRecent(s);
    expect(recent).toHaveLength(RECENT_LIMIT);
    expect(recent[0]!.id).toBe('id-3');
    expect(recent.filter((r) => r.id === 'id-3')).toHaveLength(1);
    expect(recent[1]!.id).toBe(`id-${RECENT_LIMIT + 1}`);
  });

  it('tells kinds apart and reads a broken value as none', () => {
    const s = memory();
    pushRecent(item(1, 'contact'), s);
    pushRecent(item(1, 'company'), s);
    expect(readRecent(s).map((r) => r.kind)).toEqual(['company', 'contact']);
    s.setItem('leadtrail:palette-recent', '{not json');
    expect(readRecent(s)).toEqual([]);
    s.setItem('leadtrail:palette-recent', JSON.stringify([{ kind: 'alien', id: 1 }, item(2)]));
    expect(readRecent(s).map((r) => r.id)).toEqual(['id-2']);
  });
});
