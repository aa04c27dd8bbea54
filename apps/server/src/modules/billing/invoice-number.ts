/**
 * Invoice numbers: `LT-<workspace short>-0001`, gapless per workspace (the counter row is
 * taken in the invoice's own transaction, billing.repository nextInvoiceNumber). The short
 * is fixed at the first invoice: up to six letters or digits of the company name, else of its id.
 */
export function workspaceShort(name: string, workspaceId: string): string {
  const letters = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 6);
  return letters.length >= 2 ? letters : workspaceId.replace(/-/g, '').slice(0, 6).toUpperCase();
}

export const invoiceNumber = (prefix: string, n: number) => `LT-${prefix}-${String(n).padStart(4, '0')}`;
