/**
 * Which sheet of a workbook holds the data (issue 23, issue 26): the one with the most rows
 * of at least two values, so a cover sheet, a title page or a one-column notes sheet placed
 * first is passed over. Rows past a sheet's preview count as such rows (a long sheet is data).
 */
export function chooseSheet<S extends { rows: number; records: string[][] }>(sheets: S[]): S | undefined {
  let best: S | undefined;
  let bestScore = -1;
  for (const sheet of sheets) {
    let score = 0;
    for (const r of sheet.records) {
      let filled = 0;
      for (const v of r) if (v.trim() !== '' && ++filled >= 2) break;
      if (filled >= 2) score++;
    }
    score += Math.max(0, sheet.rows - sheet.records.length);
    // a sheet holding nothing at all is never chosen over one holding something
    const holds = sheet.records.some((r) => r.some((v) => v.trim() !== ''));
    if (holds && score > bestScore) {
      best = sheet;
      bestScore = score;
    }
  }
  return best;
}
