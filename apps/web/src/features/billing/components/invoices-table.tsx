import type { Invoice } from '@leadtrail/contracts';
import { Anchor, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { formatAmount } from '../utils/money';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { ScrollTable } from '../../../components/scroll-table';

const reasonLabels: Record<Invoice['reason'], string> = {
  subscription_upgrade: 'Plan change',
  renewal: 'Renewal',
  credit_pack: 'Credit pack',
};

/** Number, date, status, total (the browser's locale, with the currency) and the PDF; a number opens the invoice. */
export function InvoicesTable({ invoices, onOpen }: { invoices: Invoice[]; onOpen: (invoice: Invoice) => void }) {
  return (
    <ScrollTable minWidth={640} label="Invoices">
      <Table verticalSpacing="sm" highlightOnHover aria-label="Invoices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>For</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">PDF</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((inv) => (
            <Table.Tr key={inv.id} data-testid={`invoice-${inv.number}`}>
              <Table.Td>
                <UnstyledButton onClick={() => onOpen(inv)} aria-label={`Open invoice ${inv.number}`}>
                  <Text size="sm" fw={600} ff="monospace" c="var(--mantine-color-anchor)">
                    {inv.number}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Tooltip label={dayjs(inv.issuedAt).format('D MMMM YYYY, HH:mm')}>
                  <Text size="sm" span>
                    {dayjs(inv.issuedAt).format('D MMM YYYY')}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{reasonLabels[inv.reason]}</Text>
              </Table.Td>
              <Table.Td>
                <InvoiceStatusBadge status={inv.status} />
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatAmount(inv.totalCents, inv.currency)}
              </Table.Td>
              <Table.Td ta="right">
                <Anchor href={inv.pdfUrl} target="_blank" rel="noopener" size="sm" aria-label={`PDF of invoice ${inv.number}`}>
                  <IconFileTypePdf size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom' }} /> PDF
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
