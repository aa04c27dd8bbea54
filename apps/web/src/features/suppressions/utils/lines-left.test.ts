import { describe, expect, it } from 'vitest';
import { linesLeft } from './lines-left';

describe('linesLeft', () => {
  it('keeps only the refused lines, as they were pasted', () => {
    const lines = ['jane@acme.com', 'not an email', 'competitor.io', '  bad@@x  '];
    const left = linesLeft(
      {
        added: 2,
        duplicates: 0,
        invalidCount: 2,
        invalid: [
          { line: 2, value: 'not an email', message: 'Not an email, domain or hash' },
          { line: 4, value: 'bad@@x', message: 'Not an email, domain or hash' },
        ],
      },
      lines,
    );
    expect(left).toBe('not an email\n  bad@@x  ');
  });

  it('empties the box when every line was added or already listed', () => {
    expect(linesLeft({ added: 1, duplicates: 1, invalidCount: 0, invalid: [] }, ['a@b.co', 'a@b.co'])).toBe('');
  });
});
