import type { SuppressionCreateResult } from '@leadtrail/contracts';

/**
 * What the paste box keeps once its lines were sent: only the refused lines, to fix and send
 * again; the added and already-listed ones are gone, so the dialog never offers to add them
 * twice. When the answer lists only some refused lines, those are kept.
 */
export function linesLeft(result: SuppressionCreateResult, lines: string[]): string {
  return result.invalid.map((i) => lines[i.line - 1] ?? i.value).join('\n');
}
