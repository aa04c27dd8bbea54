import { z } from 'zod';
import type { CustomFieldType } from '@leadtrail/contracts';
import type { StoredOption } from '../../db/schema/index.js';
import { isValidDate } from '../../lib/filters/compile.js';
import { textProblem } from '../../lib/text-input.js';
import { normalizePhone } from '../../lib/normalize.js';

/** A field definition as the value rules need it. */
export type ValueDef = {
  key: string;
  label: string;
  type: CustomFieldType;
  options: StoredOption[];
  required: boolean;
  archived: boolean;
};

export type FieldError = { path: string; message: string };

/** What a write does to the stored values: keys to set and keys to remove. */
export type ValuesChange = { set: Record<string, unknown>; unset: string[]; errors: FieldError[] };

const emailCheck = z.email();

/** A bare "linkedin.com/x" gets https:// in front; only http(s) URLs with a dotted host pass. */
export function normalizeUrl(raw: string): string | null {
  const v = raw.trim();
  if (!v) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname.includes('.')) return null;
  // credentials in a link are a phishing trick (and `mailto:a@b.c` would parse as one)
  if (u.username || u.password) return null;
  return u.toString();
}

/**
 * One value by its field's type: the stored form, `null` to clear, or an error message.
 * Selects accept an option's id or its label (case-insensitive).
 */
export function normalizeValue(def: ValueDef, raw: unknown, phoneRegion: string): { value: unknown } | { error: string } {
  if (raw === null || raw === undefined) return { value: null };
  const str = typeof raw === 'string' ? raw.trim() : null;
  if (str === '') return { value: null };
  // an import's cells reach here without the HTTP edge's check (lib/text-input.ts): the same rule
  const bad = str !== null ? textProblem(str) : null;
  if (bad) return { error: bad };
  switch (def.type) {
    case 'text':
    case 'long_text': {
      if (str === null) {
        if (typeof raw === 'number' || typeof raw === 'boolean') return { value: String(raw) };
        return { error: 'Enter text' };
      }
      const max = def.type === 'text' ? 1000 : 20_000;
      return str.length > max ? { error: `Use at most ${max.toLocaleString('en-US')} characters` } : { value: str };
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : str !== null ? Number(str.replace(/[\s,_]/g, '')) : NaN;
      return Number.isFinite(n) ? { value: n } : { error: 'Enter a number' };
    }
    case 'date': {
      const d = str !== null && /^\d{4}-\d{2}-\d{2}T/.test(str) ? str.slice(0, 10) : str;
      return d !== null && isValidDate(d) ? { value: d } : { error: 'Enter a date as YYYY-MM-DD' };
    }
    case 'checkbox': {
      if (typeof raw === 'boolean') return { value: raw };
      if (str !== null && ['true', 'yes', '1'].includes(str.toLowerCase())) return { value: true };
      if (str !== null && ['false', 'no', '0'].includes(str.toLowerCase())) return { value: false };
      return { error: 'Use true or false' };
    }
    case 'single_select': {
      if (str === null) return { error: 'Choose one of the options' };
      const opt = findOption(def.options, str);
      return opt ? { value: opt.id } : { error: `"${str}" is not one of the options` };
    }
    case 'multi_select': {
      const list = Array.isArray(raw) ? raw : [raw];
      const ids: string[] = [];
      for (const item of list) {
        if (typeof item !== 'string') return { error: 'Choose options from the list' };
        if (!item.trim()) continue;
        const opt = findOption(def.options, item.trim());
        if (!opt) return { error: `"${item}" is not one of the options` };
        if (!ids.includes(opt.id)) ids.push(opt.id);
      }
      return { value: ids.length ? ids : null };
    }
    case 'url': {
      if (str === null) return { error: 'Enter a URL' };
      const url = str.length <= 2000 ? normalizeUrl(str) : null;
      return url ? { value: url } : { error: 'Enter a valid http(s) URL' };
    }
    case 'email': {
      if (str === null || !emailCheck.safeParse(str).success) return { error: 'Enter a valid email address' };
      return { value: str.toLowerCase() };
    }
    case 'phone': {
      const p = str !== null ? normalizePhone(str, phoneRegion) : null;
      return p ? { value: p } : { error: 'Enter a valid phone number' };
    }
  }
}

function findOption(options: StoredOption[], idOrLabel: string): StoredOption | undefined {
  return options.find((o) => o.id === idOrLabel) ?? options.find((o) => o.label.toLowerCase() === idOrLabel.toLowerCase());
}

/**
 * Validates the customFields of a write against the entity's fields. On create every
 * required field needs a value; on update a required field can't be cleared. Unknown and
 * archived keys are refused, each with its own error (path customFields.<key>).
 */
export function validateValues(
  defs: ValueDef[],
  input: Record<string, unknown> | undefined,
  opts: { mode: 'create' | 'update'; phoneRegion: string },
): ValuesChange {
  const change: ValuesChange = { set: {}, unset: [], errors: [] };
  const byKey = new Map(defs.map((d) => [d.key, d]));
  for (const [key, raw] of Object.entries(input ?? {})) {
    const path = `customFields.${key}`;
    const def = byKey.get(key);
    if (!def) {
      change.errors.push({ path, message: 'There is no such custom field' });
      continue;
    }
    if (def.archived) {
      change.errors.push({ path, message: `${def.label} is archived` });
      continue;
    }
    const result = normalizeValue(def, raw, opts.phoneRegion);
    if ('error' in result) {
      change.errors.push({ path, message: result.error });
    } else if (result.value === null) {
      if (def.required) change.errors.push({ path, message: `${def.label} is required` });
      else change.unset.push(key);
    } else {
      change.set[key] = result.value;
    }
  }
  if (opts.mode === 'create') {
    for (const def of defs) {
      if (def.required && !def.archived && !(def.key in change.set) && !change.errors.some((e) => e.path === `customFields.${def.key}`)) {
        change.errors.push({ path: `customFields.${def.key}`, message: `${def.label} is required` });
      }
    }
  }
  return change;
}

/** Stored values as answered: only active fields' keys. */
export function presentValues(defs: ValueDef[], stored: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!stored) return out;
  for (const d of defs) {
    if (!d.archived && stored[d.key] !== undefined && stored[d.key] !== null) out[d.key] = stored[d.key];
  }
  return out;
}

/** A value as a spreadsheet cell: option labels instead of ids, lists joined with "; ". */
export function displayValue(def: ValueDef, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (def.type === 'single_select') return def.options.find((o) => o.id === value)?.label ?? null;
  if (def.type === 'multi_select' && Array.isArray(value)) {
    return value.map((id) => def.options.find((o) => o.id === id)?.label).filter(Boolean).join('; ') || null;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}
