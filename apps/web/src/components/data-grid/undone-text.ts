import type { BulkUndoResult } from '@leadtrail/contracts';
import { countText, type Noun } from '../../lib/count-text';

/** The message after a bulk edit's undo: records deleted or merged since can't get their value back. */
export function undoneText(result: BulkUndoResult, noun: Noun) {
  if (!result.notRestored) return `Undone: ${countText(result.restored, noun)} back as before.`;
  return `Undone: restored ${countText(result.restored, noun)}; ${result.notRestored} could not be restored (deleted or merged).`;
}
