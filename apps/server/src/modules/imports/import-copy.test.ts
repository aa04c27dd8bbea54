import { describe, expect, it } from 'vitest';
import { copyValue } from './import-copy.js';

describe('copyValue (COPY text format)', () => {
  it('writes null as \\N and leaves plain text as it is', () => {
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(undefined)).toBe('\\N');
    expect(copyValue(12)).toBe('12');
    expect(copyValue('{"first_name":"Zoë"}')).toBe('{"first_name":"Zoë"}');
  });

  it('escapes backslash, tab and line breaks wherever they are', () => {
    expect(copyValue('a\\b')).toBe('a\\\\b');
    expect(copyValue('\tx\n')).toBe('\\tx\\n');
    expect(copyValue('line\r\nnext\\')).toBe('line\\r\\nnext\\\\');
  });
});
