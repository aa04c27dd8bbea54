import { describe, expect, it } from 'vitest';
import type { ValueDef } from '../custom-fields/custom-field-values.js';
import { rowReader } from './import-row-reader.js';

const defs: ValueDef[] = [{ key: 'met', label: 'Met', type: 'date', options: [], required: false, archived: false }];

const importOf = (dates: string[]) => ({
  entity: 'contacts' as const,
  columns: [
    { index: 0, header: 'Email', samples: ['a@x.io'], suggestedTarget: 'email' },
    { index: 1, header: 'Met on', samples: dates, suggestedTarget: 'ignore' },
  ],
  mapping: [
    { index: 0, target: 'email' },
    { index: 1, target: 'custom:met' },
  ],
});

describe('rowReader: dates in the file’s own order', () => {
  it('reads 03/04/2025 day first when the column also holds 25/03/2025, whatever the region', () => {
    const reader = rowReader(importOf(['03/04/2025', '25/03/2025']), { defs, phoneRegion: 'US' });
    expect(reader.read(['a@x.io', '03/04/2025']).record?.custom).toEqual({ met: '2025-04-03' });
  });

  it('reads it month first when the column holds 03/25/2025, even in a day-first region', () => {
    const reader = rowReader(importOf(['03/25/2025', '03/04/2025']), { defs, phoneRegion: 'DE' });
    expect(reader.read(['a@x.io', '03/04/2025']).record?.custom).toEqual({ met: '2025-03-04' });
  });

  it('falls back to the region when the column leaves it open', () => {
    expect(rowReader(importOf(['03/04/2025']), { defs, phoneRegion: 'US' }).read(['a@x.io', '03/04/2025']).record?.custom).toEqual({ met: '2025-03-04' });
    expect(rowReader(importOf(['03/04/2025']), { defs, phoneRegion: 'FR' }).read(['a@x.io', '03/04/2025']).record?.custom).toEqual({ met: '2025-04-03' });
  });
});
