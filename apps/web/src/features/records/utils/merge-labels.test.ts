import { describe, expect, it } from 'vitest';
import { mergeLabels } from './merge-labels';

type P = { name: string; email: string; company: string };
const fields = [
  { key: 'company', label: 'Company', text: (p: P) => p.company },
  { key: 'email', label: 'Email', text: (p: P) => p.email },
];
const title = (p: P) => p.name;

describe('merge labels', () => {
  it('keeps different names as they are', () => {
    const a = { name: 'Mia Perez', email: 'a@x.io', company: '' };
    const b = { name: 'Mia Pérez', email: 'b@x.io', company: '' };
    expect(mergeLabels([a, b], title, fields)).toEqual(['Mia Perez', 'Mia Pérez']);
  });

  it('tells two of the same name apart by the first field where both have different values', () => {
    const a = { name: 'Mia Perez', email: 'mia@acme.io', company: '' };
    const b = { name: 'Mia Perez', email: 'mia.perez@globex.io', company: 'Globex' };
    expect(mergeLabels([a, b], title, fields)).toEqual(['Mia Perez (mia@acme.io)', 'Mia Perez (mia.perez@globex.io)']);
  });

  it('falls back to their places when no field tells them apart', () => {
    const a = { name: 'Mia Perez', email: '', company: '' };
    const b = { name: 'Mia Perez', email: 'mia@acme.io', company: '' };
    expect(mergeLabels([a, b], title, fields)).toEqual(['Mia Perez (first)', 'Mia Perez (second)']);
  });
});
