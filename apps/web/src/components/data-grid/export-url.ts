import type { GridFilter } from './types';

export type ExportParams = {
  q?: string;
  filter?: GridFilter | null;
  sort?: string;
  columns?: string[];
  ids?: string[];
  /** The reader's time zone: the file's times in it, as a spreadsheet reads them. */
  tz?: string;
};

/** This browser's time zone (IANA name). */
export const readerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `/api/v1/<entity>/export?q=…&filter=…&sort=…&columns=…` (or `ids=…` for a row selection). */
export function exportUrl(path: string, params: ExportParams): string {
  const search = new URLSearchParams();
  if (params.ids?.length) {
    search.set('ids', params.ids.join(','));
  } else {
    if (params.q?.trim()) search.set('q', params.q.trim());
    if (params.filter?.and.length) search.set('filter', JSON.stringify(params.filter));
  }
  if (params.sort) search.set('sort', params.sort);
  if (params.columns?.length) search.set('columns', params.columns.join(','));
  if (params.tz) search.set('tz', params.tz);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Starts a download the browser streams to disk (no copy of the file in memory). */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
