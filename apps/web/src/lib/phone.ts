import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** The reader's region from the browser's languages ("en-US" -> US), or null when none names one. */
export function readerRegion(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): string | null {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // not a language tag
    }
  }
  return null;
}

/**
 * A stored phone number (E.164, "+15125550142") as its reader expects it: a number of their
 * own region in the national form ("(512) 555-0142"), another in the international one
 * ("+44 20 7946 0958"). What does not parse is shown as it is.
 */
export function formatPhone(value: string, region: string | null = readerRegion()): string {
  const parsed = parsePhoneNumberFromString(value, (region ?? undefined) as CountryCode | undefined);
  if (!parsed || !parsed.isPossible()) return value;
  const ext = parsed.ext ? ` ext. ${parsed.ext}` : '';
  const base = region && parsed.country === region ? parsed.formatNational() : parsed.formatInternational();
  return parsed.ext ? `${base.replace(/\s*ext\.?\s*\d+$/i, '')}${ext}` : base;
}
