import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { useInvoices } from '../../../features/billing/api/billing';
import { InvoiceDrawer } from '../../../features/billing/components/invoice-drawer';
import { InvoicesTable } from '../../../features/billing/components/invoices-table';

/** Settings → Billing & invoices (owner/admin): every invoice with its status, total and PDF. */
export function Component() {
  const invoices = useInvoices();
  const [openId, setOpenId] = useState<string | null>(null);

  const header = <PageHeader title="Billing & invoices" description="Your invoices, their status and PDFs." />;

  let body;
  if (invoices.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading invoices">
        <Skeleton height={36} />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={44} />
        ))}
      </Stack>
    );
  } else if (invoices.isError) {
    body = <RetryAlert title="The invoices could not be loaded" error={invoices.error} onRetry={() => void invoices.refetch()} />;
  } else {
    const rows = invoices.data.pages.flatMap((p) => p.data);
    body =
      rows.length === 0 ? (
        <EmptyState
          icon={<IconFileInvoice size={28} aria-hidden="true" />}
          title="No invoices yet"
          text="An invoice is issued when you upgrade, renew a paid plan or buy credits. Each one is listed here with its PDF."
          action={
            <Button component={Link} to="/settings/plans">
              See plans
            </Button>
          }
        />
      ) : (
        <Stack gap="md">
          <InvoicesTable invoices={rows} onOpen={(inv) => setOpenId(inv.id)} />
          {invoices.hasNextPage && (
            <Group justify="center">
              <Button variant="default" onClick={() => void invoices.fetchNextPage()} loading={invoices.isFetchingNextPage}>
                Show older invoices
              </Button>
            </Group>
          )}
        </Stack>
      );
  }

  return (
    <>
      {header}
      {body}
      <InvoiceDrawer invoiceId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
