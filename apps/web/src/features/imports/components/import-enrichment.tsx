import { Alert, Paper, Text } from '@mantine/core';
import type { ImportDetail } from '@leadtrail/contracts';
import { useImportEnrichment } from '../api/import-enrich';
import { numberFormat } from './import-status';

/** The import detail's enrichment line: credits charged, fields filled, and why it stopped early. */
export function ImportEnrichment({ imp }: { imp: ImportDetail }) {
  const enabled = imp.entity === 'contacts' && !!imp.options.enrich;
  const query = useImportEnrichment(imp.id, imp.status, enabled);
  const e = query.data;
  if (!enabled || !e) return null;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Enrichment">
      <Text size="sm">
        Enrichment: {numberFormat.format(e.creditsCharged)} credits charged for {numberFormat.format(e.emailsFilled)} email
        {e.emailsFilled === 1 ? '' : 's'} and {numberFormat.format(e.phonesFilled)} phone{e.phonesFilled === 1 ? '' : 's'} filled
        {e.cap !== null ? ` (cap ${numberFormat.format(e.cap)})` : ''}.
      </Text>
      {e.note && (
        <Alert color="yellow" variant="light" mt="xs">
          {e.note}
        </Alert>
      )}
    </Paper>
  );
}
