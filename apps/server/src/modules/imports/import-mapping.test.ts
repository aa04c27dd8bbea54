import { describe, expect, it } from 'vitest';
import { splitFullName } from '../../lib/person-name.js';
import { headerSignature, mappingProblems } from './import-mapping.js';

describe('mappingProblems', () => {
  const fields = [{ key: 'tier', label: 'Tier' }];
  it('refuses two columns on one single-value field, unknown fields and duplicate new fields', () => {
    const problems = mappingProblems(
      'contacts',
      [
        { index: 0, target: 'email' },
        { index: 1, target: 'email' },
        { index: 2, target: 'name' },
        { index: 3, target: 'new-custom:Lead Score' },
        { index: 4, target: 'new-custom:lead score' },
        { index: 5, target: 'new-custom:Tier' },
        { index: 6, target: 'notes' },
        { index: 7, target: 'notes' },
        { index: 9, target: 'ignore' },
      ],
      9,
      fields,
    );
    expect(problems.map((p) => p.path)).toEqual([
      'mapping.1.target',
      'mapping.2.target',
      'mapping.4.target',
      'mapping.5.target',
      'mapping.8.index',
    ]);
    expect(problems[0]!.message).toMatch(/already mapped/);
  });
  it('accepts a sound mapping', () => {
    expect(
      mappingProblems(
        'companies',
        [
          { index: 0, target: 'name' },
          { index: 1, target: 'custom:tier' },
        ],
        2,
        [],
      ),
    ).toHaveLength(1);
    expect(
      mappingProblems(
        'contacts',
        [
          { index: 0, target: 'email' },
          { index: 1, target: 'custom:tier' },
        ],
        2,
        fields,
      ),
    ).toEqual([]);
  });
});

describe('splitFullName', () => {
  it.each([
    ['Jane Doe', 'Jane', 'Doe'],
    ['  Mary Ann   Smith ', 'Mary Ann', 'Smith'],
    ['Dr. Jane van der Berg Jr.', 'Jane', 'van der Berg'],
    ['Berg, Jane', 'Jane', 'Berg'],
    ['John Smith, PhD', 'John', 'Smith'],
    ['Cher', 'Cher', null],
    ['Ludwig von Beethoven', 'Ludwig', 'von Beethoven'],
  ])('%j', (full, first, last) => {
    expect(splitFullName(full)).toEqual({ firstName: first, lastName: last });
  });
  it('gives nothing for nothing', () => {
    expect(splitFullName('   ')).toEqual({ firstName: null, lastName: null });
  });
});

describe('headerSignature', () => {
  it('is the same for the same headers whatever their case and punctuation', () => {
    expect(headerSignature('contacts', ['First Name', 'E-mail'])).toBe(
      headerSignature('contacts', ['first_name', 'email']),
    );
    expect(headerSignature('contacts', ['a', 'b'])).not.toBe(headerSignature('contacts', ['b', 'a']));
    expect(headerSignature('contacts', ['a'])).not.toBe(headerSignature('companies', ['a']));
  });
});
