import type { ProspectDepartment } from '@leadtrail/contracts';
import { vocabulary, vocabularyKey } from './vocabulary-key.js';

/**
 * Departments as the exporters name them (ZoomInfo's "Engineering & Technical", Sales
 * Navigator's "Information Technology", HubSpot's internal codes, other languages), read
 * into the product's keys (Apollo's, as prospects store them). A word not known stays as it
 * was written: a department is free text too.
 */
const DEPARTMENT = vocabulary<ProspectDepartment>({
  c_suite: ['c-suite', 'c suite', 'executive', 'executives', 'c-level', 'management', 'general management', 'geschäftsführung', 'direction'],
  product: ['product', 'product management', 'program and project management', 'project management', 'produkt', 'produit', 'producto', 'prodotto'],
  engineering: ['engineering', 'engineering technical', 'quality assurance', 'research', 'engineering & technical', 'engineering and technical', 'research & development', 'r&d', 'research and development', 'technical', 'software development', 'entwicklung', 'ingénierie', 'ingeniería', 'ingegneria', 'engineering_department'],
  design: ['design', 'creative', 'arts and design', 'art design', 'ux', 'gestaltung'],
  education: ['education', 'training', 'bildung', 'formation', 'educación', 'formazione', 'onderwijs'],
  finance: ['finance', 'finance & administration', 'accounting', 'finance and accounting', 'finanzen', 'buchhaltung', 'finances', 'finanzas', 'finanza', 'financiën', 'financial'],
  human_resources: ['human resources', 'hr', 'people', 'people operations', 'talent', 'recruiting', 'personal', 'personalwesen', 'ressources humaines', 'recursos humanos', 'risorse umane', 'hrm'],
  it: ['it', 'information technology', 'information technology & services', 'it & is', 'informatik', 'informatique', 'informática', 'informatica'],
  legal: ['legal', 'law', 'compliance', 'recht', 'juridique', 'jurídico', 'legale', 'juridisch'],
  marketing: ['marketing', 'communications', 'media and communication', 'pr', 'public relations', 'kommunikation', 'mercadotecnia'],
  medical: ['medical', 'medical health', 'healthcare services', 'medical & health', 'healthcare services', 'health', 'medizin', 'médical', 'médico', 'medico'],
  operations: ['operations', 'ops', 'administration', 'administrative', 'purchasing', 'procurement', 'support', 'customer service', 'customer success', 'logistics', 'betrieb', 'opérations', 'operaciones', 'operazioni'],
  sales: ['sales', 'business development', 'account management', 'vertrieb', 'verkauf', 'ventes', 'ventas', 'vendite', 'verkoop', 'vendas', 'commercial'],
  consulting: ['consulting', 'consultancy', 'advisory', 'beratung', 'conseil', 'consultoría', 'consulenza', 'consultoria', 'advies'],
});

/** A department in the product's keys when the word is known; otherwise the text as written. */
export function readDepartment(raw: string): string {
  // Apollo exports its keys with a prefix: master_engineering_technical
  return DEPARTMENT.get(vocabularyKey(raw).replace(/^master /, '')) ?? raw.trim();
}
