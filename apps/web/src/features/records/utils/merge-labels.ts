import type { MergeField } from '../components/merge-dialog';

/**
 * Names for the two records of a merge. Two duplicates often share a name ("Mia Perez" twice):
 * then each is told apart by the first field where both have a value and the values differ
 * (an email, a company), or by its place when nothing tells them apart.
 */
export function mergeLabels<R>(
  records: [R, R],
  getTitle: (record: R) => string,
  fields: MergeField<R>[],
): [string, string] {
  const titles: [string, string] = [getTitle(records[0]), getTitle(records[1])];
  if (titles[0] !== titles[1]) return titles;
  const telling = fields.find((f) => {
    const [a, b] = [f.text(records[0]), f.text(records[1])];
    return a !== '' && b !== '' && a !== b;
  });
  if (telling) return [`${titles[0]} (${telling.text(records[0])})`, `${titles[1]} (${telling.text(records[1])})`];
  return [`${titles[0]} (first)`, `${titles[1]} (second)`];
}
