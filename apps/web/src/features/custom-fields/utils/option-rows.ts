/** An option row of the field form: `id` once the option exists on the server. */
export type OptionRow = { uid: string; id?: string; label: string };

/**
 * The options a select field is saved with: labels trimmed, and the new rows left blank (the
 * empty row a new field starts with, or an "Add option" never filled in) dropped, so they
 * never block saving. An existing option emptied stays, for the form to ask for its label.
 */
export function optionsToSave(rows: OptionRow[]): { id?: string; label: string }[] {
  return rows
    .map((o) => ({ ...(o.id ? { id: o.id } : {}), label: o.label.trim() }))
    .filter((o) => o.label !== '' || o.id !== undefined);
}
