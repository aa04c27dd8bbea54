import { describe, expect, it } from 'vitest';
import { parseEmails } from './parse-emails';

describe('parseEmails', () => {
  it('splits on new lines, commas, semicolons and spaces, lower-cases and dedupes', () => {
    expect(parseEmails('Ann@Acme.com, bob@acme.com\ncarl@acme.com; ann@acme.com')).toEqual({
      emails: ['ann@acme.com', 'bob@acme.com', 'carl@acme.com'],
      invalid: [],
    });
  });

  it('reads "Name <address>" and reports what is not an address', () => {
    expect(parseEmails('Jane Doe <jane@acme.com>, nope, x@')).toEqual({
      emails: ['jane@acme.com'],
      invalid: ['nope', 'x@'],
    });
    expect(parseEmails('nope, x@y.co')).toEqual({ emails: ['x@y.co'], invalid: ['nope'] });
  });

  it('is empty for blank text', () => {
    expect(parseEmails('  \n ')).toEqual({ emails: [], invalid: [] });
  });
});
