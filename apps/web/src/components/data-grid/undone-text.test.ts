import { describe, expect, it } from 'vitest';
import { undoneText } from './undone-text';

const noun = { singular: 'contact', plural: 'contacts' };

describe('undoneText', () => {
  it('says how many came back, and how many could not when some were deleted or merged', () => {
    expect(undoneText({ restored: 2, notRestored: 0 }, noun)).toBe('Undone: 2 contacts back as before.');
    expect(undoneText({ restored: 1, notRestored: 3 }, noun)).toBe('Undone: restored 1 contact; 3 could not be restored (deleted or merged).');
  });
});
