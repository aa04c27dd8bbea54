import type { CustomField, Entity, RecordSource } from '@leadtrail/contracts';
import type { UseFormReturnType } from '@mantine/form';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { GridColumn, GridOption } from '../../components/data-grid';
import type { CustomFieldInputValue } from './components/custom-field-input';
import type { MergeField } from './components/merge-dialog';
import type { Viewer } from '../../lib/viewer';
import type { RecordApi } from './api/record-api';

/** What every record (contact, company) carries: the generic screens read only these. */
export type RecordRow = {
  id: string;
  ownerId: string | null;
  source: RecordSource;
  importId: string | null;
  customFields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
};

import type { Noun } from '../../lib/count-text';

export type { Noun };

export type OwnerName = (id: string | null) => string | null;

export type ColumnsOptions = { customFields: CustomField[]; owners: GridOption[]; ownerName: OwnerName };

/** A standard field on the detail page, edited in place; its label comes from the spec's labels. */
export type DetailField<Row> =
  | {
      kind: 'text';
      key: string;
      type?: 'email' | 'tel' | 'url';
      link?: 'mailto' | 'tel' | 'url';
      /** Below the grid of fields, full width. */
      multiline?: boolean;
      /** The identity key: a collision offers to open the existing record. */
      unique?: boolean;
    }
  | { kind: 'select'; key: string; options: GridOption[]; clearable?: boolean; display?: (row: Row) => ReactNode }
  | { kind: 'year'; key: string }
  | { kind: 'owner' };

export type SaveField = (field: string) => (value: unknown) => Promise<unknown>;

/** What the create drawer's form holds besides the entity's own fields. */
export type FormBase = { ownerId: string | null; customFields: Record<string, CustomFieldInputValue> };

export type RecordForm<Values extends FormBase> = {
  initialValues: (viewer: Viewer) => Omit<Values, 'customFields'>;
  /** The request body: empty inputs left out rather than sent as "". */
  toBody: (values: Values) => Record<string, unknown>;
  /** The body's schema (the API's own), so messages match the server's. */
  schema: z.ZodType;
  /** The entity's inputs; the drawer adds the owner, custom fields and buttons. */
  Fields: ComponentType<{ form: UseFormReturnType<Values> }>;
};

/** One record entity: everything the generic screens need to show and edit it. */
export type RecordSpec<Row extends RecordRow, Values extends FormBase = FormBase> = {
  entity: Entity;
  noun: Noun;
  /** "Contact": the page's first section, drawer titles ("New contact") and buttons. */
  title: string;
  api: RecordApi<Row>;
  labels: Record<string, string>;
  name: (row: Row) => string;
  /** "A contact with this email already exists." */
  duplicateMessage: string;
  screen: {
    title: string;
    description: string;
    searchPlaceholder: string;
    emptyIcon: ReactNode;
    emptyTitle: string;
    emptyText: string;
    mergedMessage: string;
  };
  columns: (options: ColumnsOptions) => GridColumn<Row>[];
  merge: {
    /** Text fields compared as they are. */
    plain: readonly string[];
    /** What a merge keeps besides the chosen values (contacts: every email and phone), under the choice of the record. */
    note?: string;
    /** The others, in the dialog's order (before the owner and the custom fields). */
    more: MergeField<Row>[];
  };
  form: RecordForm<Values>;
  detail: {
    notFoundIcon: ReactNode;
    /** Under the title. */
    description: (row: Row) => ReactNode;
    fields: DetailField<Row>[];
    /** The entity's own sections, between its fields and the custom fields. */
    Sections: ComponentType<{ row: Row; readOnly: boolean; save: SaveField }>;
    /** Facts of the record section after its source (e.g. suppressed). */
    facts?: (row: Row) => { label: string; value: ReactNode }[];
    /** What a delete also does, in the confirmation. */
    deleteConsequence: (row: Row) => ReactNode;
    /** Labels of the enum values the activity timeline shows as codes. */
    valueLabels: Record<string, Record<string, string>>;
    customFieldsSettings: string;
  };
  /** Exports leave suppressed records out unless asked (issue 5); contacts only. */
  isSuppressed?: (row: Row) => boolean;
};
