import { invoiceStatusLabels, type InvoiceStatus } from '@leadtrail/contracts';
import { Badge } from '@mantine/core';

const colors: Record<InvoiceStatus, string> = { draft: 'gray', open: 'blue', paid: 'green', void: 'gray', uncollectible: 'red' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={colors[status]} variant="light">
      {invoiceStatusLabels[status]}
    </Badge>
  );
}
