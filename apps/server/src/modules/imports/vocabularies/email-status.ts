import type { EmailStatus } from '@leadtrail/contracts';
import { vocabulary, vocabularyKey } from './vocabulary-key.js';

/**
 * Email statuses of the exporters and verifiers: Apollo (Verified, Guessed, Unavailable,
 * Extrapolated), ZoomInfo (Valid, Accept All), Lusha, HubSpot's bounce flags, Salesforce's
 * "Email Bounced", ZeroBounce/NeverBounce words.
 */
const EMAIL_STATUS = vocabulary<EmailStatus>({
  valid: ['verified', 'deliverable', 'ok', 'safe', 'valid email', 'good', 'confirmed', 'gültig', 'valide', 'válido', 'valido', 'geldig'],
  risky: ['catch-all', 'catch all', 'catchall', 'accept all', 'accept_all', 'acceptall', 'guessed', 'extrapolated', 'likely', 'likely to engage', 'risky', 'role', 'role based', 'do not mail', 'spamtrap'],
  invalid: ['bounced', 'undeliverable', 'hard bounce', 'hard bounced', 'email bounced', 'invalid email', 'bad', 'ungültig', 'invalide', 'inválido', 'non valido', 'ongeldig'],
  unknown: ['unavailable', 'not found', 'unknown', 'n/a', 'na', 'none'],
  // nobody checked it yet: the product's own verifier may (decision 0030)
  unverified: ['not verified', 'unchecked', 'pending', 'new'],
});

/** An email status in any exporter's words, or null when the word is unknown. */
export function readEmailStatus(raw: string): EmailStatus | null {
  return EMAIL_STATUS.get(vocabularyKey(raw)) ?? null;
}
