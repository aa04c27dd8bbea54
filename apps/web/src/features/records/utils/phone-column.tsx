import { defaultCell, type GridColumn } from '../../../components/data-grid';
import { PhoneText } from '../../../components/phone-text';

/** A phone column: sorted and filtered on the stored number, shown as its reader writes it. */
export const phoneColumn =
  <Row,>(labels: Record<string, string>) =>
  (key: string, defaultVisible = false, width?: number): GridColumn<Row> => {
    const column: GridColumn<Row> = { key, label: labels[key] ?? key, kind: 'text', defaultVisible, width };
    return {
      ...column,
      render: (row) => {
        const value = (row as Record<string, unknown>)[key];
        // an empty cell looks like every other empty cell
        return typeof value === 'string' && value ? <PhoneText value={value} /> : defaultCell(column, row);
      },
    };
  };
