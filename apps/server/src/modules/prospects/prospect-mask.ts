import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Masked contact details: enough to recognise the company and the country, never enough to
 * contact the person. `jane.doe@acme.example` → `j•••@acme.example`;
 * `+14155550112` → `+1 415 ••• ••12`.
 */

const DOT = '•••';

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return DOT;
  return `${email[0]}${DOT}${email.slice(at)}`;
}

export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone);
  const cc = parsed?.countryCallingCode ?? '';
  const national = parsed?.nationalNumber ?? phone.replace(/\D/g, '');
  if (national.length < 6) return `${cc ? `+${cc} ` : ''}${DOT} ••`;
  return `${cc ? `+${cc} ` : ''}${national.slice(0, 3)} ${DOT} ••${national.slice(-2)}`;
}
