import { useParams } from 'react-router';
import type { ReactNode } from 'react';
import { viewerFrom, type Viewer } from '../../../components/records/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { useAddToListActions } from '../../../features/lists/components/add-to-list';
import { RecordListsPanel } from '../../../features/lists/components/record-lists-panel';
import { RecordDetail } from '../../../features/records/components/record-detail';
import { RecordsScreen } from '../../../features/records/components/records-screen';
import type { FormBase, RecordRow, RecordSpec } from '../../../features/records/record-spec';
import { openSuppressedExport } from '../../../features/suppressions/components/suppressed-export-dialog';

/**
 * My Contacts → Contacts or Companies: the entity's grid, where lists and the suppression list
 * plug in (issue 5: "Add to list"; an export says how many suppressed records it leaves out).
 */
export function recordsPage<Row extends RecordRow, Values extends FormBase>(spec: RecordSpec<Row, Values>) {
  const { isSuppressed } = spec;
  return function Component() {
    const viewer = viewerFrom(useSignedInMe());
    const addToList = useAddToListActions<Row>({ entity: spec.entity, noun: spec.noun, canWrite: viewer.canWrite });
    return (
      <RecordsScreen<Row, Values>
        spec={spec}
        viewer={viewer}
        extraBulkActions={addToList}
        onExport={
          isSuppressed &&
          ((request) =>
            openSuppressedExport<Row>({ request, noun: spec.noun, countMatching: spec.api.fetchCount, isSuppressed }))
        }
      />
    );
  };
}

/** A contact's or a company's page, with the lists it is in (issue 5). */
export function recordDetailPage<Row extends RecordRow, Values extends FormBase>(
  spec: RecordSpec<Row, Values>,
  extras: { actions?: (row: Row, viewer: Viewer) => ReactNode } = {},
) {
  return function Component() {
    const viewer = viewerFrom(useSignedInMe());
    const { id = '' } = useParams();
    // A new id is a new page: remounting drops the previous record's edit state.
    return (
      <RecordDetail
        key={id}
        spec={spec}
        id={id}
        viewer={viewer}
        actions={extras.actions && ((row) => extras.actions?.(row, viewer))}
        aside={(row) => (
          <RecordListsPanel
            entity={spec.entity}
            recordId={row.id}
            recordName={spec.name(row)}
            canWrite={viewer.canWrite}
          />
        )}
      />
    );
  };
}
