import type { CustomField, CustomFieldType, FieldKind } from '@leadtrail/contracts';
import type { GridColumn } from './types';

const kindOf: Record<CustomFieldType, FieldKind> = {
  text: 'text',
  long_text: 'text',
  url: 'text',
  email: 'text',
  phone: 'text',
  number: 'number',
  date: 'date',
  checkbox: 'boolean',
  single_select: 'select',
  multi_select: 'multiselect',
};

/**
 * Grid columns for an entity's custom fields (`custom:<key>`), hidden until the user shows
 * them. Archived fields are left out: the API neither filters nor sorts on them.
 */
export function customFieldColumns<Row>(fields: CustomField[]): GridColumn<Row>[] {
  return fields
    .filter((field) => !field.archived)
    .map((field) => ({
      key: `custom:${field.key}`,
      label: field.label,
      kind: kindOf[field.type],
      options: field.options.map((o) => ({ value: o.id, label: o.label })),
      // Multi-selects have no single order to sort by.
      sortable: field.type !== 'multi_select',
      defaultVisible: false,
      width: field.type === 'long_text' ? 280 : undefined,
    }));
}
