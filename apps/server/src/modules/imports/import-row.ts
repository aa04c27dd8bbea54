import type { ImportUnknownOwnerMode } from '@leadtrail/contracts';
import { validateValues, type ValueDef } from '../custom-fields/custom-field-values.js';
import { readAmount } from './vocabularies/amount.js';
import { dayFirstIn, readDate } from './vocabularies/date.js';

/**
 * What an import makes of one mapped row (import-contact-row.ts, import-company-row.ts): the
 * record to stage, or none when the row names nobody; and its problems. A cell that can't be
 * used is left empty and kept as a warning; only a row without identity (or missing a
 * required custom field) is an error. The same row gives the same answer every time (a
 * resumed import relies on it).
 */

/** Mapped cell values of one row, by import target (non-empty, trimmed). */
export type ImportValues = Record<string, string>;
/** A problem with one row: the target (and so the column) at fault, and why. */
export type ImportIssue = { target: string; message: string; code?: typeof OWNER_NOT_MEMBER };

/** The code of the warning of an owner cell naming nobody among the active members (counted apart: ownersNotMembers). */
export const OWNER_NOT_MEMBER = 'owner_not_member';

/** A row, normalised, as it goes into the staging table. */
export type StagedRecord = {
  /** identity: normalised email (contacts) or domain (companies) */
  key: string | null;
  /** column values of the target table by column name; absent = empty */
  data: Record<string, string | number>;
  custom: Record<string, unknown> | null;
  companyDomain: string | null;
  companyName: string | null;
  /** the row names a company (name, domain or website column): it may be created */
  companyCreate: boolean;
  note: string | null;
};

export type ImportRowContext = {
  defs: ValueDef[];
  phoneRegion: string;
  /** what a bare number of the revenue column counts in (its header said thousands or millions) */
  revenueScale?: number;
  /** per date column (by target): the file's own order, where its values tell (dayFirstOf) */
  dayFirstBy?: Record<string, boolean>;
  /** the active members' lower-case emails and names: an owner cell naming none of them is a warning (absent: not checked) */
  members?: ReadonlySet<string>;
  /** what a row whose owner is not a member gets: the import's owner (default) or none */
  unknownOwners?: ImportUnknownOwnerMode;
};

/**
 * The owner column's cell: kept (lower-case) for the writer, which resolves it to the active
 * member it names by email or name (records/import-owner.ts). A cell naming nobody among the
 * members is a warning; with unknownOwners 'unassigned' the row is marked to get no owner.
 */
export function ownerCell(values: ImportValues, ctx: ImportRowContext, data: Record<string, string | number>, warnings: ImportIssue[]): void {
  if (values.owner === undefined) return;
  const ref = values.owner.trim().toLowerCase().slice(0, 320);
  data.owner_ref = ref;
  if (!ctx.members || ctx.members.has(ref)) return;
  const unassigned = ctx.unknownOwners === 'unassigned';
  if (unassigned) data.owner_unassigned = 1;
  warnings.push({
    target: 'owner',
    message: unassigned ? 'Not a member of this workspace: left without an owner' : "Not a member of this workspace: given the import's owner",
    code: OWNER_NOT_MEMBER,
  });
}

export type ImportRowResult =
  | { record: StagedRecord; errors: []; warnings: ImportIssue[] }
  | { record: null; errors: ImportIssue[]; warnings: ImportIssue[] };

/** Custom-field values of a row by the API's rules; a bad optional value is a warning, a required one an error. */
export function customValues(
  values: ImportValues,
  ctx: ImportRowContext,
  errors: ImportIssue[],
  warnings: ImportIssue[],
): Record<string, unknown> | null {
  let input: Record<string, unknown> | null = null;
  for (const [target, raw] of Object.entries(values)) {
    if (!target.startsWith('custom:')) continue;
    const key = target.slice(7);
    const def = ctx.defs.find((d) => d.key === key);
    input ??= {};
    // a multi select cell lists options separated by ; or ,
    input[key] =
      def?.type === 'multi_select'
        ? raw
            .split(/[;,]/)
            .map((s) => s.trim())
            .filter(Boolean)
        : // numbers with decimal commas and dates in the file's locale, as the API takes them
          def?.type === 'number'
          ? (readAmount(raw) ?? raw)
          : def?.type === 'date'
            ? (readDate(raw, ctx.dayFirstBy?.[target] ?? dayFirstIn(ctx.phoneRegion)) ?? raw)
            : raw;
  }
  if (!input && !ctx.defs.some((d) => d.required && !d.archived)) return null;
  const change = validateValues(ctx.defs, input ?? {}, { mode: 'create', phoneRegion: ctx.phoneRegion });
  for (const e of change.errors) {
    const key = e.path.replace(/^customFields\./, '');
    const required = ctx.defs.some((d) => d.key === key && d.required && !d.archived);
    (required ? errors : warnings).push({ target: `custom:${key}`, message: e.message });
  }
  return Object.keys(change.set).length > 0 ? change.set : null;
}

/** A value read through an exporter's vocabulary: the product's word, or a warning and nothing. */
export function readWord<T>(
  raw: string | undefined,
  read: (raw: string) => T | null,
  target: string,
  message: (raw: string) => string,
  warnings: ImportIssue[],
): T | undefined {
  if (raw === undefined) return undefined;
  const v = read(raw);
  if (v === null) warnings.push({ target, message: message(raw) });
  return v ?? undefined;
}
