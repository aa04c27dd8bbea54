import { describe, expect, it } from 'vitest';
import type { ErasureResult } from '@leadtrail/contracts';
import { removedSentence } from './removed-sentence';

const none: ErasureResult['removed'] = {
  contacts: 0,
  notes: 0,
  activities: 0,
  listMemberships: 0,
  importRows: 0,
  errorRows: 0,
  suppressedRows: 0,
  importPreviews: 0,
  reveals: 0,
  storedResponses: 0,
  suppressionEntries: 0,
  exportSearches: 0,
  webhookEvents: 0,
  undoValues: 0,
};
const result = (removed: Partial<ErasureResult['removed']>): ErasureResult => ({
  hash: 'a'.repeat(64),
  removed: { ...none, ...removed },
  files: [],
});

describe('removedSentence', () => {
  it('names each kind that was removed, singular or plural, in a fixed order', () => {
    expect(removedSentence(result({ notes: 2, contacts: 1, activities: 1, errorRows: 3 }))).toBe(
      '1 contact, 2 notes, 1 timeline entry, 3 error report lines',
    );
  });

  it('says so when nothing held the address', () => {
    expect(removedSentence(result({}))).toBe('nothing held the address');
  });
});
