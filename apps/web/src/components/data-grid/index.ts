export { DataGrid, type DataGridProps } from './data-grid';
export { bulkAssignOwnerAction, bulkDeleteAction, toBulkSelection } from './bulk-actions';
export { columnValue, defaultCell } from './cells';
export { customFieldColumns } from './custom-field-columns';
export { exportUrl, startDownload } from './export-url';
export { SortableList, moveItem } from './sortable-list';
export { useGridUrlState } from './use-grid-url-state';
export type * from './types';
export { gridSource, type GridSource } from './grid-source';
