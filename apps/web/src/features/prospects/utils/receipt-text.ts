import { creditCosts, type RevealFields, type RevealReceipt } from '@leadtrail/contracts';

const n = new Intl.NumberFormat('en');
const plural = (count: number, one: string, many = `${one}s`) => `${n.format(count)} ${count === 1 ? one : many}`;

export const fieldsLabel: Record<RevealFields, string> = { email: 'email', phone: 'phone', both: 'email and phone' };

/** One line of the receipt: what it says and the credits it stands for (null: no amount). */
export type ReceiptLine = { label: string; credits: number | null; tone?: 'free' | 'skipped' | 'total' | 'after' | 'short' };

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
  if (receipt.skipped.emails > 0)
    lines.push({
      label: `${plural(receipt.skipped.emails, 'email')} ${receipt.validOnly ? 'not valid' : 'invalid'}: left out, not charged`,
      credits: 0,
      tone: 'skipped',
    });
  lines.push({ label: 'Total', credits: receipt.cost, tone: 'total' });
  // what does not fit has no "balance after": it says what is missing instead
  if (receipt.shortfall > 0) {
    lines.push({ label: 'Short by', credits: receipt.shortfall, tone: 'short' });
    return lines;
  }
  lines.push({ label: 'Balance after', credits: receipt.balanceAfter, tone: 'after' });
  if (receipt.memberRemainingAfter !== null)
    lines.push({ label: 'Your monthly limit left after', credits: receipt.memberRemainingAfter, tone: 'after' });
  return lines;
}

/**
 * The status mix of the emails charged, and those left out: "26 valid · 7 unknown · 3 risky;
 * 4 invalid not charged". Null when no email is charged or left out.
 */
export function emailMixText(receipt: RevealReceipt): string | null {
  const c = receipt.emailStatus;
  const charged = (['valid', 'unknown', 'risky'] as const).filter((k) => c[k] > 0).map((k) => `${n.format(c[k])} ${k}`);
  const s = receipt.skippedEmails;
  const left = (['invalid', 'unknown', 'risky'] as const).filter((k) => s[k] > 0).map((k) => `${n.format(s[k])} ${k}`);
  if (!charged.length && !left.length) return null;
  const leftText = left.length ? `${left.join(', ')} not charged` : '';
  return [charged.join(' · '), leftText].filter(Boolean).join('; ');
}

/**
 * Why the reveal can't go ahead, in words, or null when it can: "You need 40 credits and have
 * 25: 15 short." Suggests revealing email only only when more than email is chosen.
 */
export function shortfallText(receipt: RevealReceipt, fields: RevealFields): string | null {
  if (receipt.shortfall <= 0) return null;
  const need = plural(receipt.cost, 'credit');
  const have = n.format(Math.max(0, receipt.cost - receipt.shortfall));
  const short = `${n.format(receipt.shortfall)} short`;
  if (receipt.shortfallReason === 'member_limit')
    return `This reveal needs ${need} and your monthly limit leaves you ${have}: ${short}. Ask an admin to raise your limit, or choose fewer people.`;
  const held = receipt.reserved > 0 ? ` (${plural(receipt.reserved, 'credit')} are held by running bulk reveals)` : '';
  const emailOnly = fields === 'email' ? '' : ', reveal email only';
  return `You need ${need} and have ${have}${held}: ${short}. Buy credits, upgrade your plan${emailOnly}, or reveal as many as your balance covers.`;
}

/** The partial reveal's button, or null when the balance covers nobody: "Reveal 25 (as many as your balance covers)". */
export function partialLabel(receipt: RevealReceipt): string | null {
  if (receipt.shortfall <= 0 || receipt.affordable.charged === 0) return null;
  const covers = receipt.shortfallReason === 'member_limit' ? 'your monthly limit allows' : 'your balance covers';
  return `Reveal ${n.format(receipt.affordable.charged)} (as many as ${covers})`;
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
