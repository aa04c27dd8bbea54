import { describe, expect, it } from 'vitest';
import { optionsToSave } from './option-rows';

describe('optionsToSave', () => {
  it('drops the new rows left blank and trims the others', () => {
    expect(
      optionsToSave([
        { uid: 'a', label: '' },
        { uid: 'b', label: '  Gold ' },
        { uid: 'c', label: '   ' },
        { uid: 'd', label: 'Silver' },
      ]),
    ).toEqual([{ label: 'Gold' }, { label: 'Silver' }]);
  });

  it('keeps an existing option even when emptied (its label is asked for)', () => {
    expect(optionsToSave([{ uid: 'a', id: 'opt-1', label: '' }])).toEqual([{ id: 'opt-1', label: '' }]);
  });

  it('gives nothing for a form with only its first blank row', () => {
    expect(optionsToSave([{ uid: 'a', label: '' }])).toEqual([]);
  });
});
