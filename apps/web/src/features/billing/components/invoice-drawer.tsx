import { cardErrorMessages, type CardErrorCode, type Invoice } from '@leadtrail/contracts';
import { Anchor, Button, Divider, Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { RetryAlert } from '../../../components/retry-alert';
import { useInvoice } from '../api/billing';
import { formatAmount } from '../utils/money';
import { InvoiceStatusBadge } from './invoice-status-badge';

/** One invoice: who it is for, its lines (their descriptions carry the periods), tax and total, and its PDF. */
export function InvoiceDrawer({ invoiceId, onClose }: { invoiceId: string | null; onClose: () => void }) {
  const invoice = useInvoice(invoiceId);
  const inv: Invoice | undefined = invoice.data;
  return (
    <Drawer
      opened={!!invoiceId}
      onClose={onClose}
      position="right"
      size="lg"
      title={inv ? `Invoice ${inv.number}` : 'Invoice'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {invoice.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the invoice">
          <Skeleton height={20} width="50%" />
          <Skeleton height={120} />
          <Skeleton height={20} width="30%" />
        </Stack>
      ) : invoice.isError ? (
        <RetryAlert title="The invoice could not be loaded" error={invoice.error} onRetry={() => void invoice.refetch()} />
      ) : (
        inv && (
          <Stack gap="md">
            <Group justify="space-between">
              <InvoiceStatusBadge status={inv.status} />
              <Text size="sm" c="dimmed">
                Issued {dayjs(inv.issuedAt).format('D MMMM YYYY')}
                {inv.paidAt ? ` · paid ${dayjs(inv.paidAt).format('D MMMM YYYY')}` : ''}
              </Text>
            </Group>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                Billed to
              </Text>
              <Text size="sm" fw={600}>
                {inv.companyName}
              </Text>
              {inv.companyAddress && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {inv.companyAddress}
                </Text>
              )}
              {inv.companyTaxId && <Text size="sm">Tax ID {inv.companyTaxId}</Text>}
            </Stack>
            {inv.failureCode && inv.status !== 'paid' && (
              <Text size="sm" c="red">
                Last payment attempt: {cardErrorMessages[inv.failureCode as CardErrorCode] ?? inv.failureCode}
              </Text>
            )}
            <Table aria-label={`Lines of invoice ${inv.number}`} verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inv.lines.map((line, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <Text size="sm">
                        {line.description}
                        {line.quantity > 1 ? ` × ${line.quantity}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatAmount(line.amountCents, inv.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm">Subtotal</Text>
                <Text size="sm">{formatAmount(inv.subtotalCents, inv.currency)}</Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm">Tax ({(inv.taxRateBps / 100).toLocaleString()} %)</Text>
                <Text size="sm">{formatAmount(inv.taxCents, inv.currency)}</Text>
              </Group>
              <Divider />
              <Group justify="space-between">
                <Text fw={700}>Total</Text>
                <Text fw={700}>{formatAmount(inv.totalCents, inv.currency)}</Text>
              </Group>
            </Stack>
            <Group>
              <Button component="a" href={inv.pdfUrl} target="_blank" rel="noopener" variant="light" leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}>
                Download PDF
              </Button>
              <Anchor size="sm" onClick={onClose} component="button" type="button">
                Back to invoices
              </Anchor>
            </Group>
          </Stack>
        )
      )}
    </Drawer>
  );
}
