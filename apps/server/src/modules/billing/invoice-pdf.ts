import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { invoiceStatusLabels } from '@leadtrail/contracts';
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

/** The invoice as a PDF a person would accept: seller, customer, number, dates, lines, tax, total, status. */
export async function invoicePdf(i: InvoiceRow): Promise<Buffer> {
  const doc: TDocumentDefinitions = {
    info: { title: `Invoice ${i.number}`, author: 'Leadtrail' },
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    pageMargins: [48, 56, 48, 56],
    content: [
      {
        columns: [
          { stack: [{ text: 'Leadtrail', bold: true, fontSize: 18 }, 'Leadtrail Inc.', 'billing@leadtrail.example'] },
          {
            alignment: 'right',
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
      ...(i.periodStart && i.periodEnd ? [{ text: `Service period: ${date(i.periodStart)} to ${date(i.periodEnd)}`, margin: [0, 12, 0, 0] as [number, number, number, number] }] : []),
      {
        margin: [0, 16, 0, 0],
        table: {
          headerRows: 1,
          widths: ['*', 40, 80],
          body: [
            [{ text: 'Description', bold: true }, { text: 'Qty', bold: true, alignment: 'right' }, { text: 'Amount', bold: true, alignment: 'right' }],
            ...i.lines.map((l) => [l.description, { text: String(l.quantity), alignment: 'right' as const }, { text: money(l.amountCents), alignment: 'right' as const }]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        margin: [0, 12, 0, 0],
        columns: [
          { width: '*', text: '' },
          {
            width: 200,
            table: {
              widths: ['*', 80],
              body: [
                ['Subtotal', { text: money(i.subtotalCents), alignment: 'right' }],
                [`Tax (${percent(i.taxRateBps)})`, { text: money(i.taxCents), alignment: 'right' }],
                [{ text: `Total (${i.currency.toUpperCase()})`, bold: true }, { text: money(i.totalCents), bold: true, alignment: 'right' }],
              ],
            },
            layout: 'noBorders',
          },
        ],
      },
      { text: 'Amounts in US dollars. Thank you for your business.', margin: [0, 32, 0, 0], color: '#555555', fontSize: 9 },
    ],
  };
  return pdfmake.createPdf(doc).getBuffer();
}
