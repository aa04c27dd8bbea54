import { Alert, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { startDownload, type ExportRequest, type GridFilter } from '../../../components/data-grid';
import { errorMessage } from '../../../lib/api-client';
import { countText, type Noun } from '../../../lib/count-text';


/** The grid's filter narrowed to suppressed contacts: what an export leaves out. */
export const onlySuppressed = (filter: GridFilter | null): GridFilter => ({
  and: [...(filter?.and ?? []), { field: 'suppressed', op: 'is', value: true }],
});

type Options<Row> = {
  request: ExportRequest<Row>;
  noun: Noun;
  /** How many rows of the current q and filter are suppressed (the grid's count endpoint). */
  countMatching: (params: { q: string; filter: GridFilter }) => Promise<number>;
  /** Whether a row is suppressed (for a selection of rows). */
  isSuppressed: (row: Row) => boolean;
};

function ExportDialog<Row>({
  request,
  noun,
  countMatching,
  isSuppressed,
  onClose,
}: Options<Row> & { onClose: () => void }) {
  const { selection } = request;
  const [include, setInclude] = useState(false);
  const suppressed = useQuery({
    queryKey: ['suppressions', 'export-count', request.href],
    queryFn: () =>
      selection.kind === 'ids'
        ? Promise.resolve(selection.rows.filter(isSuppressed).length)
        : countMatching({ q: selection.q, filter: onlySuppressed(selection.filter) }),
    staleTime: 0,
  });
  const total = selection.count;
  const left = suppressed.data ?? 0;
  const exported = total === null ? null : include ? total : total - left;

  const download = () => {
    const url = include
      ? `${request.href}${request.href.includes('?') ? '&' : '?'}includeSuppressed=true`
      : request.href;
    startDownload(url);
    onClose();
  };

  return (
    <Stack gap="md">
      {suppressed.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Checking the suppression list…</Text>
        </Group>
      ) : suppressed.isError ? (
        <Alert color="yellow" variant="light" role="status">
          We could not count the suppressed {noun.plural} ({errorMessage(suppressed.error)}). They are still left out
          unless you include them.
        </Alert>
      ) : left === 0 ? (
        <Text size="sm">None of these {noun.plural} is on the suppression list.</Text>
      ) : (
        <Alert
          color="red"
          variant="light"
          role="status"
          title={`${countText(left, noun)} on the suppression list ${left === 1 ? 'is' : 'are'} left out`}
        >
          They opted out, bounced, or must not be contacted for another reason. Include them only if you really need
          them, for example to clean another system.
        </Alert>
      )}
      {left > 0 && (
        <Checkbox
          label={`Include the ${countText(left, noun)} on the suppression list`}
          checked={include}
          onChange={(e) => setInclude(e.currentTarget.checked)}
        />
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {exported === null || suppressed.isPending
          ? 'The CSV (UTF-8, opens in Excel) downloads in the background.'
          : `${countText(exported, noun)} will be exported as CSV (UTF-8, opens in Excel).`}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={download}
          disabled={suppressed.isPending}
          data-autofocus
        >
          Download CSV
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The export dialog of grids holding contacts: says how many suppressed contacts the export
 * leaves out and lets the user include them explicitly (includeSuppressed=true).
 */
export function openSuppressedExport<Row>(options: Options<Row>) {
  const modalId = `export-${Date.now()}`;
  const what = countText(options.request.selection.count, options.noun);
  modals.open({
    modalId,
    title: `Export ${what}`,
    children: <ExportDialog {...options} onClose={() => modals.close(modalId)} />,
  });
}
