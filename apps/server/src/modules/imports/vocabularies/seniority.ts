import type { Seniority } from '@leadtrail/contracts';
import { vocabulary, vocabularyKey } from './vocabulary-key.js';

/**
 * Seniority as the exporters write it: Apollo writes our keys, ZoomInfo "C-Level"/"VP-Level"/
 * "Non-Manager", Sales Navigator "CXO"/"Entry", Lusha "C-Level", HubSpot and Salesforce free words.
 */
const SENIORITY = vocabulary<Seniority>({
  owner: ['owner', 'proprietor', 'inhaber', 'propriétaire', 'propietario', 'proprietario', 'eigenaar'],
  founder: ['founder', 'co-founder', 'cofounder', 'co founder', 'gründer', 'fondateur', 'fundador', 'fondatore', 'oprichter'],
  c_suite: ['c-suite', 'c suite', 'c-level', 'c level', 'clevel', 'c-level executive', 'cxo', 'executive', 'executives', 'chief', 'c level exec', 'geschäftsführung', 'direction générale'],
  partner: ['partner', 'partners', 'associé', 'socio', 'teilhaber'],
  vp: ['vp', 'vice president', 'vp-level', 'vp level', 'vice-president', 'svp', 'evp', 'avp', 'vice président', 'vicepresidente'],
  head: ['head', 'head of', 'leitung', 'leiter', 'responsable'],
  director: ['director', 'directors', 'director-level', 'director level', 'directeur', 'direktor', 'directora', 'direttore'],
  manager: ['manager', 'managers', 'manager-level', 'manager level', 'management', 'team lead', 'lead', 'supervisor', 'gerente', 'responsabile'],
  senior: ['senior', 'senior level', 'experienced', 'non-manager', 'non manager', 'employee', 'individual', 'individual contributor', 'ic', 'staff', 'mid-level', 'mid level', 'mid-senior level', 'professional'],
  entry: ['entry', 'entry level', 'entry-level', 'junior', 'associate', 'trainee', 'assistant', 'graduate', 'berufseinsteiger'],
  intern: ['intern', 'internship', 'training', 'unpaid', 'student', 'praktikant', 'stagiaire', 'becario', 'stagista', 'stagiair'],
});

/** A seniority in any exporter's words, or null when the word is unknown. */
export function readSeniority(raw: string): Seniority | null {
  return SENIORITY.get(vocabularyKey(raw)) ?? null;
}
