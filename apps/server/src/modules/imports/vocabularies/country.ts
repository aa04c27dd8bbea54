import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import { vocabularyKey } from './vocabulary-key.js';

/**
 * Country names in English, German, French, Spanish, Portuguese, Italian and Dutch, and ISO
 * codes (alpha-2, alpha-3), read into the English name the product stores (as prospects do).
 * A country not known stays as written: it is free text.
 */
const LOCALES = [en, de, fr, es, pt, it, nl];
for (const l of LOCALES) countries.registerLocale(l);

/** Where the official English name is not the one people (and our prospects) use. */
const ENGLISH: Record<string, string> = { US: 'United States', KR: 'South Korea', KP: 'North Korea', RU: 'Russia', IR: 'Iran', VN: 'Vietnam' };

let byName: Map<string, string> | null = null;
function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (const l of LOCALES) {
    for (const [code, n] of Object.entries(countries.getNames(l.locale, { select: 'all' }))) {
      for (const name of n) if (!byName.has(vocabularyKey(name))) byName.set(vocabularyKey(name), code);
    }
  }
  // common short forms the lists lack
  for (const [k, code] of [['england', 'GB'], ['scotland', 'GB'], ['wales', 'GB'], ['great britain', 'GB'], ['holland', 'NL']] as const) byName.set(k, code);
  return byName;
}

/** The English name of a country written in any of those languages or as a code; the text as written otherwise. */
export function readCountry(raw: string): string {
  const v = raw.trim();
  let code: string | undefined;
  if (/^[A-Za-z]{2}$/.test(v)) code = countries.isValid(v.toUpperCase()) ? v.toUpperCase() : undefined;
  else if (/^[A-Za-z]{3}$/.test(v)) code = countries.alpha3ToAlpha2(v.toUpperCase());
  code ??= names().get(vocabularyKey(v));
  if (!code) return v.slice(0, 100);
  return ENGLISH[code] ?? countries.getName(code, 'en') ?? v;
}
