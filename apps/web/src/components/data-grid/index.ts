export {
  DataGrid,
  DEFAULT_PAGE_SIZE,
  gridCountQueryOptions,
  gridRowsQueryOptions,
  type DataGridProps,
} from './data-grid';
export { bulkAssignOwnerAction, bulkDeleteAction, toBulkSelection } from './bulk-actions';
export { bulkEditAction, bulkEditableColumns } from './bulk-edit-action';
export { columnValue, defaultCell } from './cells';
export { customFieldColumns } from './custom-field-columns';
export { exportUrl, startDownload } from './export-url';
export { SortableList, moveItem } from './sortable-list';
export { readGridUrl, useGridUrlState } from './use-grid-url-state';
export type * from './types';
export { hasValueList } from './value-picker';
