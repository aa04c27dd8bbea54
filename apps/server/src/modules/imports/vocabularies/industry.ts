import { vocabularyKey } from './vocabulary-key.js';

/**
 * Industries: HubSpot exports its internal codes (COMPUTER_SOFTWARE, HOSPITAL_HEALTH_CARE),
 * Salesforce and Pipedrive upper-case words (TECHNOLOGY), ZoomInfo "Software > CRM". They
 * become the words LinkedIn's list uses (HubSpot's codes are that list in capitals), so one
 * industry reads the same whatever tool it came from. Free text: any other value is kept.
 */
const SPECIAL: Record<string, string> = {
  'information technology and services': 'Information Technology and Services',
  'hospital health care': 'Hospital & Health Care',
  'computer software': 'Computer Software',
  'internet': 'Internet',
  'financial services': 'Financial Services',
  'marketing and advertising': 'Marketing and Advertising',
  'it services': 'Information Technology and Services',
  'tech': 'Technology',
};
const SMALL = new Set(['and', 'of', 'the', 'for', 'in', 'on']);

export function readIndustry(raw: string): string {
  const v = raw.trim();
  // ZoomInfo's "Software > CRM": the primary industry is the first
  const primary = v.split(/\s*>\s*/)[0]!;
  const key = vocabularyKey(primary.replace(/_/g, ' '));
  if (SPECIAL[key]) return SPECIAL[key];
  // an internal code or a word in capitals: words as LinkedIn writes them
  if (/^[A-Z0-9_&\s-]+$/.test(primary) && /[A-Z]{2}/.test(primary)) {
    return key
      .split(' ')
      .map((w, i) => (i > 0 && SMALL.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
      .join(' ');
  }
  return primary.slice(0, 100);
}
