import { describe, expect, it } from 'vitest';
import { entityHint } from './entity-hint.js';
import { corpus, headersOf, recordsOf } from './testing/export-corpus.js';

const columnsOf = (name: string) => {
  const e = corpus.find((x) => x.name === name)!;
  const rows = recordsOf(e);
  return headersOf(e).map((header, index) => ({ index, header, samples: [...new Set(rows.map((r) => r[index]!).filter(Boolean))].slice(0, 5) }));
};

describe('entityHint', () => {
  it('offers companies for a list of companies uploaded as contacts, and the reverse', () => {
    expect(entityHint('contacts', columnsOf('Salesforce accounts (Data Loader API names)'))).toMatchObject({ entity: 'companies' });
    expect(entityHint('contacts', columnsOf('Excel German companies (xlsx, title row)'))).toMatchObject({ entity: 'companies' });
    expect(entityHint('companies', columnsOf('HubSpot contacts'))).toEqual({
      entity: 'contacts',
      reason: "This file looks like contacts: it has people's emails or names.",
    });
  });

  it('says nothing when the file fits what it was uploaded as', () => {
    for (const e of corpus) {
      const columns = columnsOf(e.name);
      expect(entityHint(e.entity, columns), e.name).toBeNull();
    }
  });
});
