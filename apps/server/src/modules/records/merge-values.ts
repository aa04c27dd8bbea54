/** How a merge picks each field: the kept record's value, or the merged one's. */
export type MergeChoice = 'keep' | 'merge';

type MergeRecord = { customFields: Record<string, unknown> };

/**
 * The values a merge of `gone` into `keep` writes, for contacts and companies alike.
 * A field without a choice keeps the kept record's value unless it is empty. Custom
 * fields come back as the keys to set and to clear; archived ones are left alone.
 * `unknown` names the chosen fields the entity doesn't have (the caller refuses them).
 */
export function mergeValues<R extends MergeRecord, F extends keyof R & string>(
  keep: R,
  gone: R,
  writable: readonly F[],
  defs: readonly { key: string; archived: boolean }[],
  choices: Record<string, MergeChoice>,
) {
  const live = defs.filter((d) => !d.archived);
  const known = new Set<string>([...writable, ...live.map((d) => `custom:${d.key}`)]);
  const unknown = Object.keys(choices).filter((k) => !known.has(k));
  const pick = (field: string, a: unknown, b: unknown) => {
    const choice = choices[field] ?? (a === null || a === undefined ? 'merge' : 'keep');
    return choice === 'merge' ? b : a;
  };
  const write: Record<string, unknown> = {};
  for (const f of writable) write[f] = pick(f, keep[f], gone[f]);
  const set: Record<string, unknown> = {};
  const unset: string[] = [];
  for (const d of live) {
    const v = pick(`custom:${d.key}`, keep.customFields[d.key], gone.customFields[d.key]);
    if (v === null || v === undefined) unset.push(d.key);
    else set[d.key] = v;
  }
  return { write, set, unset, unknown };
}
