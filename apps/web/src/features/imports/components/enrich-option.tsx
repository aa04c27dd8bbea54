import { Alert, Checkbox, Loader, NumberInput, Stack, Table, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useEnrichPreview } from '../api/import-enrich';
import { numberFormat } from './import-status';

type Props = {
  importId: string;
  enrich: boolean;
  cap: number | null;
  onChange: (patch: { enrich?: boolean; enrichCap?: number | null }) => void;
};

/**
 * The options step's enrich choice: fill missing emails and phones from the prospect
 * database, with the dry run (matches by key, cost, balance) and a cap on the spend.
 */
export function EnrichOption({ importId, enrich, cap, onChange }: Props) {
  const preview = useEnrichPreview(importId, cap, enrich);
  const p = preview.data;
  return (
    <Stack gap="xs">
      <Checkbox
        label="Enrich: fill missing emails and phones from the prospect database"
        description="Matched by LinkedIn URL, else email, else name + company domain. Charged as reveals: 1 credit per email and 5 per phone, only for fields actually filled."
        checked={enrich}
        onChange={(e) => onChange({ enrich: e.currentTarget.checked })}
      />
      {enrich && (
        <Stack gap="xs" pl="xl">
          <NumberInput
            label="Spend at most (credits)"
            description="Blank: no cap. Enrichment stops at the cap; every row is still imported."
            min={1}
            allowDecimal={false}
            value={cap ?? ''}
            onChange={(v) => onChange({ enrichCap: typeof v === 'number' && v > 0 ? v : null })}
            maw={240}
          />
          {preview.isPending && <Loader size="sm" aria-label="Estimating enrichment" />}
          {preview.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(preview.error)}
            </Alert>
          )}
          {p && (
            <>
              <Text size="sm">
                {p.exact ? 'Dry run' : `Estimate from the first ${numberFormat.format(p.sampleRows)} rows`}:{' '}
                {numberFormat.format(p.lacking)} rows lack an email or a phone.
              </Text>
              <Table withTableBorder w="fit-content" aria-label="Enrichment dry run">
                <Table.Tbody>
                  <Table.Tr><Table.Td>Matched by LinkedIn URL</Table.Td><Table.Td ta="right">{numberFormat.format(p.matches.linkedin)}</Table.Td></Table.Tr>
                  <Table.Tr><Table.Td>Matched by email</Table.Td><Table.Td ta="right">{numberFormat.format(p.matches.email)}</Table.Td></Table.Tr>
                  <Table.Tr><Table.Td>Matched by name + company domain</Table.Td><Table.Td ta="right">{numberFormat.format(p.matches.nameDomain)}</Table.Td></Table.Tr>
                  <Table.Tr><Table.Td>Emails to fill / phones to fill</Table.Td><Table.Td ta="right">{numberFormat.format(p.emails)} / {numberFormat.format(p.phones)}</Table.Td></Table.Tr>
                  <Table.Tr><Table.Td>Cost</Table.Td><Table.Td ta="right">{numberFormat.format(p.cost)} credits</Table.Td></Table.Tr>
                  <Table.Tr><Table.Td>Available</Table.Td><Table.Td ta="right">{numberFormat.format(p.available)} credits</Table.Td></Table.Tr>
                  <Table.Tr><Table.Td fw={600}>Expected charge</Table.Td><Table.Td ta="right" fw={600}>{numberFormat.format(p.expectedCharge)} credits</Table.Td></Table.Tr>
                </Table.Tbody>
              </Table>
              {p.expectedCharge < p.cost && (
                <Text size="xs" c="dimmed">
                  {p.cap !== null && p.cap < p.cost ? 'The cap' : 'Your credits'} will stop the enrichment before every match is filled.
                </Text>
              )}
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
