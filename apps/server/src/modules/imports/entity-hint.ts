import type { Entity } from '@leadtrail/contracts';
import { assignColumns, type ColumnInput } from './mapping-assignment.js';

/**
 * Whether a file uploaded as one entity reads as the other (a list of companies uploaded as
 * contacts, or people uploaded as companies), so the wizard can offer the switch up front.
 * Only a clear case: people are named by an email, a first or last name or a LinkedIn profile;
 * a file without them reads as companies when more of its columns are company fields.
 */
const PERSON_TARGETS = new Set(['email', 'firstName', 'lastName', 'linkedinUrl']);

export type EntityHint = { entity: Entity; reason: string };

export function entityHint(current: Entity, columns: ColumnInput[]): EntityHint | null {
  const mapped = (entity: Entity) => [...assignColumns(entity, columns).values()].map((s) => s.target).filter((t) => t !== 'ignore');
  const asContacts = mapped('contacts');
  const hasPerson = asContacts.some((t) => PERSON_TARGETS.has(t));
  if (current === 'companies') {
    return hasPerson ? { entity: 'contacts', reason: "This file looks like contacts: it has people's emails or names." } : null;
  }
  if (hasPerson) return null;
  const asCompanies = mapped('companies');
  const named = asCompanies.includes('name') || asCompanies.includes('domain');
  return named && asCompanies.length > asContacts.length
    ? {
        entity: 'companies',
        reason: `This file looks like companies: it has no person's email or name, and ${asCompanies.length} of its columns are company fields.`,
      }
    : null;
}
