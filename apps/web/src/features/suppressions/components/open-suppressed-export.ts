import { partFailed } from '../../../lib/lazy-part';
import { loadMoreStyles } from '../../../lib/more-styles';
import type { openSuppressedExport } from './suppressed-export-dialog';

/**
 * Issue 13: the grids' export dialog (how many suppressed contacts an export leaves out) loads
 * when Export is first clicked, not with the grid.
 */
export function openSuppressedExportLazily<Row>(options: Parameters<typeof openSuppressedExport<Row>>[0]): void {
  Promise.all([import('./suppressed-export-dialog'), loadMoreStyles()]).then(
    ([m]) => m.openSuppressedExport(options),
    partFailed,
  );
}
