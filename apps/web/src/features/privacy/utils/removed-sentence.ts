import type { ErasureResult } from '@leadtrail/contracts';

const kinds: [keyof ErasureResult['removed'], string, string][] = [
  ['contacts', 'contact', 'contacts'],
  ['notes', 'note', 'notes'],
  ['activities', 'timeline entry', 'timeline entries'],
  ['listMemberships', 'list membership', 'list memberships'],
  ['reveals', 'reveal record', 'reveal records'],
  ['importRows', 'import staging row', 'import staging rows'],
  ['errorRows', 'error report line', 'error report lines'],
  ['suppressedRows', 'suppressed import row', 'suppressed import rows'],
  ['importPreviews', 'file preview', 'file previews'],
  ['storedResponses', 'stored reveal answer', 'stored reveal answers'],
  ['suppressionEntries', 'suppression entry with the address', 'suppression entries with the address'],
  ['exportSearches', 'export search', 'export searches'],
  ['webhookEvents', 'webhook event', 'webhook events'],
  ['undoValues', 'bulk-edit undo value', 'bulk-edit undo values'],
];

/** "1 contact, 2 notes, …" of what was removed (nothing removed: says so). */
export function removedSentence(result: ErasureResult): string {
  const parts = kinds
    .filter(([k]) => result.removed[k] > 0)
    .map(([k, one, many]) => `${result.removed[k].toLocaleString()} ${result.removed[k] === 1 ? one : many}`);
  return parts.length ? parts.join(', ') : 'nothing held the address';
}
