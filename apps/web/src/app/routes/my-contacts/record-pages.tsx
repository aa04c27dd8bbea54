import { useMemo } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { gridCountQueryOptions, gridRowsQueryOptions, readGridUrl } from '../../../components/data-grid';
import { customFieldsQueryOptions } from '../../../lib/custom-fields-query';
import { gridPreferencesQueryOptions } from '../../../lib/grid-preferences';
import { ownerOptionsQueryOptions } from '../../../lib/owners-query';
import { viewerFrom } from '../../../lib/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { useAddToListActions } from '../../../features/lists/components/add-to-list-action';
import { savedViewsQueryOptions } from '../../../features/records/api/saved-views';
import { RecordsScreen } from '../../../features/records/components/records-screen';
import { useVerifyEmailsActions } from '../../../features/records/contacts/verify-emails-action';
import { DuplicatesButton } from '../../../features/duplicates/components/duplicates-button';
import type { FormBase, RecordRow, RecordSpec } from '../../../features/records/record-spec';
import { openSuppressedExportLazily } from '../../../features/suppressions/components/open-suppressed-export';
import { hasEarlyRequests } from '../../../lib/early-requests';
import { queryClient } from '../../../lib/query-client';

/**
 * My Contacts → Contacts or Companies: the entity's grid, where lists and the suppression list
 * plug in (issue 5: "Add to list"; an export says how many suppressed records it leaves out).
 */
export function recordsPage<Row extends RecordRow, Values extends FormBase>(spec: RecordSpec<Row, Values>) {
  const { isSuppressed } = spec;
  return function Component() {
    const viewer = viewerFrom(useSignedInMe());
    const addToList = useAddToListActions<Row>({ entity: spec.entity, noun: spec.noun, canWrite: viewer.canWrite });
    // issue 24: contacts' emails verified as a job, its progress in a dialog
    const verify = useVerifyEmailsActions<Row>({ entity: spec.entity, canWrite: viewer.canWrite });
    const extra = useMemo(() => [...addToList, ...verify], [addToList, verify]);
    return (
      <RecordsScreen<Row, Values>
        spec={spec}
        viewer={viewer}
        extraBulkActions={extra}
        headerActions={spec.entity === 'contacts' ? <DuplicatesButton /> : undefined}
        onExport={
          isSuppressed &&
          ((request) =>
            openSuppressedExportLazily<Row>({ request, noun: spec.noun, countMatching: spec.api.fetchCount, isSuppressed }))
        }
      />
    );
  };
}

/**
 * Issue 13: the grid's first reads (rows, total, saved columns, custom fields, owners, saved
 * views) go into the query cache before the screen renders, so it renders once, with its rows
 * and final columns, instead of a skeleton and then again as each answer lands. The loader
 * waits only on a first load, when the reads started with the page's code (router.tsx,
 * lib/early-requests) and are on their way; a move inside the app shows the screen at once.
 * A read that fails is left to the screen, which shows its error and retry as before.
 */
export function recordsLoader<Row extends RecordRow, Values extends FormBase>(spec: RecordSpec<Row, Values>) {
  return ({ request }: LoaderFunctionArgs) => {
    const firstLoad = hasEarlyRequests();
    const url = readGridUrl(new URL(request.url).searchParams);
    const source = { queryKey: spec.api.key, fetchPage: spec.api.fetchPage, fetchCount: spec.api.fetchCount };
    // no retries here: a failed read is the screen's to show (and retry) at once
    const reads = Promise.all([
      queryClient.prefetchInfiniteQuery({ ...gridRowsQueryOptions(source, url), retry: false }),
      queryClient.prefetchQuery({ ...gridCountQueryOptions(source, url), retry: false }),
      queryClient.prefetchQuery({ ...gridPreferencesQueryOptions(spec.entity), retry: false }),
      queryClient.prefetchQuery({ ...customFieldsQueryOptions(spec.entity), retry: false }),
      queryClient.prefetchQuery({ ...ownerOptionsQueryOptions(), retry: false }),
      queryClient.prefetchQuery({ ...savedViewsQueryOptions(spec.entity), retry: false }),
    ]);
    return firstLoad ? reads.then(() => null) : null;
  };
}
