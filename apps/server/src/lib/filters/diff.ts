/** One changed field of a record, as the activity timeline shows it. */
export type FieldChange = { field: string; label: string; from: unknown; to: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields whose value differs between two versions of a record. `display` turns a
 * stored value into what a person reads (a name for an owner id, a label for an option).
 */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly { field: string; label: string; display?: (v: unknown, rec: Record<string, unknown>) => unknown }[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const f of fields) {
    const a = before[f.field];
    const b = after[f.field];
    if (same(a, b)) continue;
    changes.push({
      field: f.field,
      label: f.label,
      from: f.display ? f.display(a, before) : (a ?? null),
      to: f.display ? f.display(b, after) : (b ?? null),
    });
  }
  return changes;
}
