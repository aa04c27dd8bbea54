import type { BillingInterval, Plan } from '@leadtrail/contracts';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCount, formatMoney } from '../utils/money';
import { ScrollTable } from '../../../components/scroll-table';

type Row = { label: string; cell: (plan: Plan) => ReactNode };

const check = (
  <>
    <IconCheck size={16} aria-hidden="true" color="var(--mantine-color-green-7)" />
    <VisuallyHidden>Included</VisuallyHidden>
  </>
);
const limit = (value: number | null, unit: string) => (value === null ? 'Agreed with sales' : `${formatCount(value)} ${unit}`);

/** What every plan includes: the product is the same on each, the limits differ. */
const INCLUDED = [
  'Prospect search with a count on every filter',
  'Email and phone reveals, charged only for what exists',
  'Email verification and the email finder',
  'Imports from CSV, Excel and vCard; exports of every field',
  'Lists, saved searches, saved views and the suppression list',
  'API keys and webhooks',
  'Roles, two-factor sign-in and the audit log',
];

/**
 * The plans side by side, feature by feature (issue 26: they were compared on credits and
 * seats only): price, the monthly limits, and what every plan includes.
 */
export function PlanComparison({ plans, interval }: { plans: Plan[]; interval: BillingInterval }) {
  const rows: Row[] = [
    {
      label: interval === 'year' ? 'Price a year' : 'Price a month',
      cell: (p) => {
        const cents = interval === 'year' ? p.annualPriceCents : p.monthlyPriceCents;
        return cents === null ? 'Contact sales' : formatMoney(cents);
      },
    },
    { label: 'Credits a month', cell: (p) => limit(p.monthlyCredits, 'credits') },
    { label: 'Seats', cell: (p) => limit(p.seats, p.seats === 1 ? 'seat' : 'seats') },
    { label: 'Email verifications a month', cell: (p) => limit(p.monthlyVerifications, 'verifications') },
    { label: 'Credit packs (never expire)', cell: () => check },
    ...INCLUDED.map((label) => ({ label, cell: () => check })),
  ];
  return (
    <ScrollTable minWidth={640} label="Plans compared">
      <Table striped withTableBorder verticalSpacing="xs" aria-labelledby="plan-comparison-caption">
        <Table.Caption id="plan-comparison-caption">Every plan has the whole product; the limits differ.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>Feature</VisuallyHidden>
            </Table.Th>
            {plans.map((p) => (
              <Table.Th key={p.id} ta="center">
                {p.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500}>
                <Text size="sm">{row.label}</Text>
              </Table.Th>
              {plans.map((p) => (
                <Table.Td key={p.id} ta="center">
                  <Text size="sm" span>
                    {row.cell(p)}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
