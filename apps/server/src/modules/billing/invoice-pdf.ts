import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { invoiceStatusLabels, type CardBrand } from '@leadtrail/contracts';
import type { InvoiceRow } from './billing.repository.js';

// a standard PDF font (built into pdfkit, no font file); nothing else is read from URLs or the disk
const HELVETICA = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
const STANDARD_FONTS = new Set(Object.values(HELVETICA));
pdfmake.setFonts({ Helvetica: HELVETICA });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((p) => STANDARD_FONTS.has(p));

const money = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
};
const date = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const percent = (bps: number) => `${(bps / 100).toFixed(bps % 100 === 0 ? 0 : 2)}%`;

/** Who issues the invoices (configuration: INVOICE_SELLER_*). */
export type InvoiceSeller = { name: string; address: string; taxId: string | null };
/** The card the invoice was charged to (or is to be), as far as the workspace still has it. */
type InvoiceCard = { brand: CardBrand; last4: string } | null;

const BRANDS: Record<CardBrand, string> = {
  visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover',
  diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay', unknown: 'Card',
};
const DAY_MS = 86_400_000;
/** A line's own days: its end is exclusive (the next period's start), so the last day shown is the day before. */
export const linePeriod = (start: Date | null, end: Date | null) => {
  if (!start || !end) return '';
  const last = new Date(Math.max(start.getTime(), end.getTime() - DAY_MS));
  if (last.getTime() === start.getTime()) return shortDate(start, true);
  const sameYear = start.getUTCFullYear() === last.getUTCFullYear();
  return `${shortDate(start, !sameYear)} – ${shortDate(last, true)}`;
};
const shortDate = (d: Date, withYear: boolean) =>
  d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
const cardText = (card: InvoiceCard) => (card ? `${BRANDS[card.brand]} ending in ${card.last4}` : 'a card no longer on file');

/**
 * The invoice as a PDF a person would accept: the seller's name, address and tax ID, the customer's,
 * number and dates, each line with its own service period, tax, totals, and how it was paid.
 */
export async function invoicePdf(i: InvoiceRow, opts: { seller: InvoiceSeller; card: InvoiceCard }): Promise<Buffer> {
  const { seller, card } = opts;
  const right = 'right' as const;
  const payment = i.paidAt
    ? `Paid ${money(i.totalCents)} on ${date(i.paidAt)} with ${cardText(card)}.`
    : i.status === 'void'
      ? 'This invoice was voided: nothing is due.'
      : `Due: ${money(i.totalCents)}${i.paymentMethodId ? `, to be charged to ${cardText(card)}` : ''}.`;
  const doc: TDocumentDefinitions = {
    info: { title: `Invoice ${i.number}`, author: seller.name },
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    pageMargins: [48, 56, 48, 56],
    content: [
      {
        columns: [
          {
            stack: [
              { text: seller.name, bold: true, fontSize: 16 },
              seller.address,
              ...(seller.taxId ? [`Tax ID: ${seller.taxId}`] : []),
              'billing@leadtrail.example',
            ],
          },
          {
            alignment: right,
            stack: [
              { text: 'INVOICE', bold: true, fontSize: 18 },
              `Number: ${i.number}`,
              `Issued: ${date(i.issuedAt)}`,
              `Status: ${invoiceStatusLabels[i.status]}`,
              ...(i.paidAt ? [`Paid: ${date(i.paidAt)}`] : []),
            ],
          },
        ],
      },
      { text: 'Bill to', bold: true, margin: [0, 24, 0, 4] },
      i.companyName,
      ...(i.companyAddress ? [i.companyAddress] : []),
      ...(i.companyTaxId ? [`Tax ID: ${i.companyTaxId}`] : []),
      {
        margin: [0, 16, 0, 0],
        table: {
          headerRows: 1,
          widths: ['*', 150, 30, 70],
          body: [
            [
              { text: 'Description', bold: true },
              { text: 'Service period', bold: true },
              { text: 'Qty', bold: true, alignment: right },
              { text: 'Amount', bold: true, alignment: right },
            ],
            ...i.lines.map((l) => [
              l.description,
              linePeriod(l.periodStart ? new Date(l.periodStart) : null, l.periodEnd ? new Date(l.periodEnd) : null),
              { text: String(l.quantity), alignment: right },
              { text: money(l.amountCents), alignment: right },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        margin: [0, 12, 0, 0],
        columns: [
          { width: '*', text: '' },
          {
            width: 220,
            table: {
              widths: ['*', 80],
              body: [
                ['Subtotal', { text: money(i.subtotalCents), alignment: right }],
                [`Tax (${percent(i.taxRateBps)})`, { text: money(i.taxCents), alignment: right }],
                [{ text: `Total (${i.currency.toUpperCase()})`, bold: true }, { text: money(i.totalCents), bold: true, alignment: right }],
                ['Amount paid', { text: money(i.paidAt ? i.totalCents : 0), alignment: right }],
                [{ text: 'Amount due', bold: true }, { text: money(i.paidAt || i.status === 'void' ? 0 : i.totalCents), bold: true, alignment: right }],
              ],
            },
            layout: 'noBorders',
          },
        ],
      },
      { text: 'Payment', bold: true, margin: [0, 24, 0, 4] },
      payment,
      { text: 'Amounts in US dollars. Thank you for your business.', margin: [0, 24, 0, 0], color: '#555555', fontSize: 9 },
    ],
  };
  return pdfmake.createPdf(doc).getBuffer();
}
