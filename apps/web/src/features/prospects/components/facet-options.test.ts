import { describe, expect, it } from 'vitest';
import { enumOptions, openOptions } from './facet-options';

describe('facet options', () => {
  it('counts a fixed set in its own order, 0 for a value the search has none of', () => {
    const options = enumOptions(['vp', 'director', 'manager'], { vp: 'VP', director: 'Director', manager: 'Manager' }, [
      { value: 'director', count: 1200 },
    ]);
    expect(options.map((o) => [o.label, o.count])).toEqual([
      ['VP', 0],
      ['Director', 1200],
      ['Manager', 0],
    ]);
  });

  it('has no count, not 0, while the counts are loading', () => {
    expect(enumOptions(['vp', 'director'], null, undefined).map((o) => o.count)).toEqual([null, null]);
    expect(openOptions(undefined, ['Germany'])).toEqual([{ value: 'Germany', label: 'Germany', count: null }]);
    expect(openOptions([{ value: 'France', count: 3 }], ['Germany'])).toEqual([
      { value: 'France', label: 'France', count: 3 },
      { value: 'Germany', label: 'Germany', count: 0 },
    ]);
  });
});
