import { Alert, Group, LoadingOverlay, Paper, ScrollArea, Select, Stack, Table, Text, Title } from '@mantine/core';
import {
  importDelimiterLabels,
  importDelimiters,
  importEncodingLabels,
  importEncodings,
  type ImportDelimiter,
  type ImportDetail,
  type ImportEncoding,
} from '@leadtrail/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateImport } from '../api/imports';
import { numberFormat } from './import-status';
import classes from './imports.module.css';

const PREVIEW_ROWS = 12;

/**
 * The first records of the file as read now, with its format settings: encoding, delimiter and
 * header row for a CSV, the sheet for a workbook. Changing one reads the file again.
 */
export function FilePreview({ imp, editable }: { imp: ImportDetail; editable: boolean }) {
  const update = useUpdateImport(imp.id);
  const records = imp.preview.records;
  const headerIndex = imp.headerRow - 1;
  const shown = records.slice(0, Math.max(PREVIEW_ROWS, headerIndex + 4));
  const width = Math.max(1, ...shown.map((r) => r.length));
  const headerOptions = records.slice(0, 20).map((r, i) => ({
    value: String(i + 1),
    label: `Row ${i + 1}${r.some((c) => c.trim()) ? `: ${r.filter((c) => c.trim()).slice(0, 3).join(', ').slice(0, 40)}` : ' (empty)'}`,
  }));

  return (
    <Paper withBorder radius="md" p="md" pos="relative">
      <LoadingOverlay visible={update.isPending} zIndex={10} overlayProps={{ blur: 1 }} />
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Title order={2} fz="h5">
            File preview
          </Title>
          <Text size="xs" c="dimmed">
            {imp.fileName} · {imp.progress.rowsTotalExact ? '' : 'about '}
            {numberFormat.format(imp.progress.rowsTotal)} data rows
          </Text>
        </Group>
        {/* a vCard's columns come from its cards: nothing to choose */}
        {editable && imp.fileType !== 'vcf' && (
          <Group gap="sm" grow wrap="wrap" align="flex-start">
            {imp.fileType === 'csv' ? (
              <>
                <Select
                  label="Encoding"
                  size="xs"
                  data={importEncodings.map((e) => ({ value: e, label: importEncodingLabels[e] }))}
                  value={imp.encoding}
                  allowDeselect={false}
                  onChange={(v) => v && update.mutate({ encoding: v as ImportEncoding })}
                />
                <Select
                  label="Delimiter"
                  size="xs"
                  data={importDelimiters.map((d) => ({ value: d, label: importDelimiterLabels[d] }))}
                  value={imp.delimiter}
                  allowDeselect={false}
                  onChange={(v) => v && update.mutate({ delimiter: v as ImportDelimiter })}
                />
              </>
            ) : (
              <Select
                label="Sheet"
                size="xs"
                data={imp.sheets}
                value={imp.sheet}
                allowDeselect={false}
                onChange={(v) => v && update.mutate({ sheet: v })}
              />
            )}
            <Select
              label="Header row"
              size="xs"
              data={headerOptions}
              value={String(imp.headerRow)}
              allowDeselect={false}
              onChange={(v) => v && update.mutate({ headerRow: Number(v) })}
            />
          </Group>
        )}
        {update.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(update.error)}
          </Alert>
        )}
        <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': `First rows of ${imp.fileName}` }}>
          <Table className={classes.preview} withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing="xs" fz="xs">
            <caption className={classes.srOnly}>
              The first rows of {imp.fileName}; row {imp.headerRow} is the header
            </caption>
            <Table.Tbody>
              {shown.map((record, i) => {
                const isHeader = i === headerIndex;
                return (
                  <Table.Tr key={i} className={isHeader ? classes.headerRow : i < headerIndex ? classes.preambleRow : undefined}>
                    <Table.Th scope="row" className={classes.rowNumber}>
                      {i + 1}
                    </Table.Th>
                    {Array.from({ length: width }, (_, c) => (
                      <Table.Td key={c} className={classes.cell} title={record[c] ?? ''}>
                        {record[c] ?? ''}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Text size="xs" c="dimmed">
          Row {imp.headerRow} (highlighted) is read as the header{headerIndex > 0 ? '; the rows above it are skipped' : ''}.
        </Text>
      </Stack>
    </Paper>
  );
}
