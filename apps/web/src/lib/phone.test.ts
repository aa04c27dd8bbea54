import { describe, expect, it } from 'vitest';
import { formatPhone, readerRegion } from './phone';

describe('formatPhone', () => {
  it('shows a number of the reader’s region in its national form', () => {
    expect(formatPhone('+15125550142', 'US')).toBe('(512) 555-0142');
    expect(formatPhone('+33142685300', 'FR')).toBe('01 42 68 53 00');
  });

  it('shows a number of another region in the international form', () => {
    expect(formatPhone('+15125550142', 'GB')).toBe('+1 512 555 0142');
    expect(formatPhone('+442079460958', 'US')).toBe('+44 20 7946 0958');
    expect(formatPhone('+442079460958', null)).toBe('+44 20 7946 0958');
  });

  it('keeps an extension and leaves what does not parse as it is', () => {
    expect(formatPhone('+15125550142;ext=12', 'US')).toBe('(512) 555-0142 ext. 12');
    expect(formatPhone('call reception', 'US')).toBe('call reception');
    expect(formatPhone('123', 'US')).toBe('123');
  });
});

describe('readerRegion', () => {
  it('reads the region of the first language that names or implies one', () => {
    expect(readerRegion(['en-GB', 'en'])).toBe('GB');
    expect(readerRegion(['fr'])).toBe('FR');
    expect(readerRegion(['not a tag!', 'de-AT'])).toBe('AT');
    expect(readerRegion([])).toBeNull();
  });
});
