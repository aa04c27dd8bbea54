import { useParams } from 'react-router';
import type { ReactNode } from 'react';
import { viewerFrom, type Viewer } from '../../../lib/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { ActivityTimeline } from '../../../features/activity/components/activity-timeline';
import { RecordListsPanel } from '../../../features/lists/components/record-lists-panel';
import { NotesPanel } from '../../../features/notes/components/notes-panel';
import { RecordDetail } from '../../../features/records/components/record-detail';
import type { FormBase, RecordRow, RecordSpec } from '../../../features/records/record-spec';

// The detail pages' frame, apart from the grids' (record-pages.tsx): the contacts grid does not
// download the detail page's code (issue 13).

/**
 * A contact's or a company's page: the records feature's fields, and on the right the panels of
 * three other features, composed here (features do not import each other): the lists it is in
 * (issue 5), its notes and its activity.
 */
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
        aside={(row, { formatValue }) => (
          <>
            <RecordListsPanel
              entity={spec.entity}
              recordId={row.id}
              recordName={spec.name(row)}
              canWrite={viewer.canWrite}
            />
            <NotesPanel
              entity={spec.entity}
              recordId={row.id}
              memberId={viewer.memberId}
              canModerate={viewer.isManager}
              canWrite={viewer.canWrite}
            />
            <ActivityTimeline
              entity={spec.entity}
              recordId={row.id}
              noun={spec.noun.singular}
              formatValue={formatValue}
            />
          </>
        )}
      />
    );
  };
}
