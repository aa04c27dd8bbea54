import { creditCosts, type RevealFields, type RevealReceipt } from '@leadtrail/contracts';

const n = new Intl.NumberFormat('en');
const plural = (count: number, one: string, many = `${one}s`) => `${n.format(count)} ${count === 1 ? one : many}`;

export const fieldsLabel: Record<RevealFields, string> = { email: 'email', phone: 'phone', both: 'email and phone' };

/** One line of the receipt: what it says and the credits it stands for (null: no amount). */
export type ReceiptLine = { label: string; credits: number | null; tone?: 'free' | 'skipped' | 'total' | 'after' };

/** The receipt a user confirms before paying, line by line, in words (PRODUCT.md section 4). */
export function receiptLines(receipt: RevealReceipt): ReceiptLine[] {
  const lines: ReceiptLine[] = [];
  if (receipt.charge.emails > 0)
    lines.push({ label: `${plural(receipt.charge.emails, 'email')} × ${creditCosts.email} credit`, credits: receipt.charge.emails * creditCosts.email });
  if (receipt.charge.phones > 0)
    lines.push({ label: `${plural(receipt.charge.phones, 'phone')} × ${creditCosts.phone} credits`, credits: receipt.charge.phones * creditCosts.phone });
  if (receipt.free > 0) lines.push({ label: `${plural(receipt.free, 'person', 'people')} already revealed: free`, credits: 0, tone: 'free' });
  if (receipt.skipped.suppressed > 0)
    lines.push({ label: `${plural(receipt.skipped.suppressed, 'person', 'people')} on the suppression list: skipped, not charged`, credits: 0, tone: 'skipped' });
  if (receipt.skipped.noData > 0)
    lines.push({ label: `${plural(receipt.skipped.noData, 'person', 'people')} with no data to reveal: skipped, not charged`, credits: 0, tone: 'skipped' });
  lines.push({ label: 'Total', credits: receipt.cost, tone: 'total' });
  lines.push({ label: 'Balance after', credits: receipt.balanceAfter, tone: 'after' });
  if (receipt.memberRemainingAfter !== null)
    lines.push({ label: 'Your monthly limit left after', credits: receipt.memberRemainingAfter, tone: 'after' });
  return lines;
}

/** Why the reveal can't go ahead, in words, or null when it can. */
export function shortfallText(receipt: RevealReceipt): string | null {
  if (receipt.shortfall <= 0) return null;
  const missing = plural(receipt.shortfall, 'credit');
  if (receipt.shortfallReason === 'member_limit')
    return `This reveal goes over your monthly credit limit by ${missing}. Ask an admin to raise your limit, or choose fewer people.`;
  const held = receipt.reserved > 0 ? ` (${plural(receipt.reserved, 'credit')} are held by running bulk reveals)` : '';
  return `Your workspace is ${missing} short${held}. Choose fewer people or reveal email only, or add credits.`;
}

/** The confirm button's words: "Reveal for 6 credits", "Reveal (free)". */
export function confirmLabel(receipt: RevealReceipt): string {
  if (receipt.cost === 0) return 'Reveal (free)';
  return `Reveal for ${plural(receipt.cost, 'credit')}`;
}

/** "Nothing to reveal" when no person would get anything (all skipped). */
export function nothingToReveal(receipt: RevealReceipt): boolean {
  return receipt.cost === 0 && receipt.free === 0;
}
