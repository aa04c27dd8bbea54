import type { Prospect } from '@leadtrail/contracts';

/** What the grid shows for a person's email or phone: the (masked or revealed) value, or why there is none. */
export type ContactDisplay = { text: string; revealed: boolean; missing: boolean; srText: string };

/** Masked parts (•) are read out as "hidden" by screen readers rather than as bullets. */
const spoken = (masked: string) => masked.replace(/•+/g, ' hidden ').replace(/\s+/g, ' ').trim();

export function emailDisplay(p: Prospect): ContactDisplay {
  if (!p.hasEmail || !p.emailMasked) return { text: 'No email', revealed: false, missing: true, srText: 'No email' };
  if (p.revealed.email) return { text: p.emailMasked, revealed: true, missing: false, srText: p.emailMasked };
  return { text: p.emailMasked, revealed: false, missing: false, srText: `Email ${spoken(p.emailMasked)}, not revealed` };
}

export function phoneDisplay(p: Prospect): ContactDisplay {
  if (!p.hasPhone || !p.phoneMasked) return { text: 'No phone', revealed: false, missing: true, srText: 'No phone' };
  if (p.revealed.phone) return { text: p.phoneMasked, revealed: true, missing: false, srText: p.phoneMasked };
  return { text: p.phoneMasked, revealed: false, missing: false, srText: `Phone ${spoken(p.phoneMasked)}, not revealed` };
}

export const fullName = (p: Prospect): string => [p.firstName, p.lastName].filter(Boolean).join(' ') || 'Unnamed person';

/** What a reveal of this person could still buy (data that exists and isn't revealed yet). */
export function revealable(p: Prospect): { email: boolean; phone: boolean } {
  if (p.suppressed) return { email: false, phone: false };
  return { email: p.hasEmail && !p.revealed.email, phone: p.hasPhone && !p.revealed.phone };
}
