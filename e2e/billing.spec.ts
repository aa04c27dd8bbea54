import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { apiOf } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { waitForMailLink } from './support/mail';

/** The top bar's available credits as a number ("1,050 credits" → 1050). */
async function topBarCredits(page: Page): Promise<number> {
  const button = page.getByTestId('credit-balance');
  await expect(button).toBeVisible();
  const label = (await button.getAttribute('aria-label')) ?? '';
  const m = /Credit balance: ([\d,.\s\u00a0\u202f]+) credits/.exec(label);
  expect(m, label).not.toBeNull();
  return Number(m![1]!.replace(/\D/g, ''));
}

const email = (label: string) => `${label}-${Date.now()}@leadtrail-e2e.example`;

/** An upgrade from Free: the plan's credits for the days left of this UTC month, today counted, half up (decision 0026). */
function creditsLeftOfMonth(monthly: number, at = new Date()) {
  const day = (m: number, d: number) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + m, d) / 86_400_000;
  const left = day(1, 1) - day(0, at.getUTCDate());
  const total = day(1, 1) - day(0, 1);
  return { credits: Math.floor((monthly * left * 2 + total) / (2 * total)), left, total };
}

test('the owner upgrades Free → Starter with a test card, pays the prorated invoice and gets the credits and seats', async ({ page }) => {
  // one journey through the three screens, the Users page and the log: longer than the default minute on a busy machine
  test.setTimeout(150_000);
  const owner = newAccount('billing-owner');
  await registerByApi(page.request, owner);
  const api = apiOf(page.request);

  await test.step('on Free the three seats fill up: a fourth person is refused', async () => {
    const two = await api.POST('/api/v1/invitations', { body: { emails: [email('second'), email('third')], role: 'member' } });
    expect(two.response.status, JSON.stringify(two.error)).toBe(201);
    const fourth = await api.POST('/api/v1/invitations', { body: { email: email('fourth'), role: 'member' } });
    expect(fourth.response.status).toBe(402);
    expect(JSON.stringify(fourth.error)).toContain('seat_limit_reached');
  });

  await test.step("the Users page's seat-limit message links to the plans", async () => {
    await page.goto('/settings/users');
    await expect(page.getByText('3 of 3 seats used')).toBeVisible();
    await expect(page.getByText('All seats of your plan are in use.')).toBeVisible();
    await page.getByRole('link', { name: 'upgrade your plan' }).click();
    await expect(page).toHaveURL(/\/settings\/plans$/);
  });

  let before = 0;
  await test.step('the Plans screen marks Free as current and shows the annual saving', async () => {
    await page.goto('/settings/plans');
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    const free = page.getByTestId('plan-free');
    await expect(free.getByText('Current plan', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('plan-starter')).toContainText('1,000 credits a month');
    // the plans compared feature by feature, not on credits and seats alone
    const compared = page.getByRole('table', { name: 'Every plan has the whole product; the limits differ.' });
    await expect(compared.getByRole('row', { name: /Email verifications a month/ })).toContainText('25,000 verifications');
    await expect(compared.getByRole('row', { name: /API keys and webhooks/ }).getByText('Included')).toHaveCount(4);
    await page.getByTestId('plan-enterprise').getByRole('button', { name: 'Contact sales' }).click();
    const sales = page.getByRole('dialog', { name: 'Talk to sales about Enterprise' });
    await expect(sales.getByLabel('Work email')).toHaveValue(owner.email);
    await sales.getByLabel('Seats you need').fill('40');
    await sales.getByRole('button', { name: 'Send to sales' }).click();
    await expect(page.getByText(/^Sent to our sales team/)).toBeVisible();
    await expect(sales).toBeHidden();
    const interval = page.getByRole('radiogroup', { name: 'Billing interval' });
    await interval.getByText('Annual (2 months free)').click();
    await expect(interval.getByRole('radio', { name: /Annual/ })).toBeChecked();
    await expect(page.getByTestId('plan-starter')).toContainText('Save $98 a year');
    await interval.getByText('Monthly').click();
    await expect(page.getByTestId('plan-starter')).toContainText('per month');
    await expectNoSeriousViolations(page);
    before = await topBarCredits(page);
  });

  await test.step('a declined card (4000 0000 0000 0002) is refused with its reason, in the form', async () => {
    await page.goto('/settings/payment-methods');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
    await expect(page.getByText('No card on file')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Add card' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a card' });
    await expect(dialog.getByText("Sandbox — use Stripe's test cards")).toBeVisible();
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
    await dialog.getByLabel('Expiry').fill('12 / 34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('Name on card').fill(owner.name);
    await dialog.getByRole('button', { name: 'Add card' }).click();
    await expect(dialog.getByRole('alert', { name: 'The card was not added' })).toContainText('The card was declined.');
    // what was typed stays, to correct it
    await expect(dialog.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('No card on file')).toBeVisible();
  });

  let share = { credits: 0, left: 0, total: 0 };
  await test.step('choosing Starter previews the prorated lines, the amount due and the credits; 4242 pays it', async () => {
    await page.goto('/settings/plans');
    await page.getByTestId('plan-starter').getByRole('button', { name: 'Upgrade to Starter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Starter' });
    await expect(dialog.getByRole('table', { name: 'What you pay now' })).toContainText('Starter');
    const due = (await dialog.getByTestId('amount-due-now').innerText()).replace(/\s+/g, ' ');
    expect(due).toMatch(/Due now \$\d/);
    // the credits it grants now: Starter's pro rata to the days left, like the price
    share = creditsLeftOfMonth(1000);
    await expect(dialog.getByTestId('upgrade-credits')).toContainText(
      `Grants ${share.credits.toLocaleString('en-US')} credits now (pro rata for the ${share.left} ${share.left === 1 ? 'day' : 'days'} left of ${share.total} this month)`,
    );
    await expect(dialog.getByRole('button', { name: /^Pay \$.* and upgrade$/ })).toBeDisabled();
    await dialog.getByLabel('Card number').fill('4242424242424242');
    await dialog.getByLabel('Expiry').fill('1234');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog.getByText('Charged to Visa •••• 4242')).toBeVisible();
    await dialog.getByRole('button', { name: /^Pay \$.* and upgrade$/ }).click();
    await expect(page.getByText('You are on Starter')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('plan-starter').getByText('Current plan', { exact: true }).first()).toBeVisible();
  });

  await test.step('the top bar balance rises without a reload', async () => {
    await expect.poll(() => topBarCredits(page)).toBe(before + share.credits);
  });

  await test.step('the card is saved as the default; the only card of a paid plan stays; another becomes the default', async () => {
    await page.goto('/settings/payment-methods');
    const card = page.getByTestId('card-4242');
    await expect(card).toContainText('Visa •••• 4242');
    await expect(card).toContainText('Default');
    await expect(card).toContainText('Expires 12 / 34');
    await card.getByRole('button', { name: 'Remove Visa •••• 4242' }).click();
    await page.getByRole('dialog', { name: 'Remove Visa •••• 4242?' }).getByRole('button', { name: 'Remove card' }).click();
    await expect(page.getByText('This card is needed')).toBeVisible();
    await expect(page.getByText('This is the only card of a paid plan.')).toBeVisible();
    await expect(card).toBeVisible();

    await page.getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a card' });
    await dialog.getByLabel('Card number').fill('5555555555554444');
    await dialog.getByLabel('Expiry').fill('0933');
    await dialog.getByLabel('CVC').fill('321');
    await dialog.getByRole('button', { name: 'Add card' }).click();
    await expect(page.getByText('Mastercard •••• 4444 added')).toBeVisible();
    const second = page.getByTestId('card-4444');
    await expect(second).not.toContainText('Default');
    await second.getByRole('button', { name: 'Make Mastercard •••• 4444 the default' }).click();
    await expect(page.getByText('Mastercard •••• 4444 is now the default card')).toBeVisible();
    await expect(second).toContainText('Default');
    await expect(card).not.toContainText('Default');
  });

  await test.step('the invoices screen lists the paid prorated invoice; its PDF is a PDF', async () => {
    await page.goto('/settings/billing-invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing & invoices' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: /LT-.+-0001/ });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('Plan change');
    await expect(row).toContainText(/\$\d+\.\d{2}/);
    await expectNoSeriousViolations(page);

    const number = (await row.getByRole('button', { name: /^Open invoice / }).innerText()).trim();
    await row.getByRole('button', { name: `Open invoice ${number}` }).click();
    const drawer = page.getByRole('dialog', { name: `Invoice ${number}` });
    await expect(drawer.getByRole('table', { name: `Lines of invoice ${number}` })).toContainText('Starter');
    await expect(drawer).toContainText(owner.companyName);

    const href = await row.getByRole('link', { name: `PDF of invoice ${number}` }).getAttribute('href');
    expect(href).toMatch(/^\/api\/v1\/invoices\/[0-9a-f-]+\/pdf$/);
    const [popup] = await Promise.all([page.waitForEvent('popup'), drawer.getByRole('link', { name: 'Download PDF' }).click()]);
    await popup.close();
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  await test.step("the transactions log shows the invoice's pro-rata grant", async () => {
    await page.goto('/settings/transactions-log');
    const n = share.credits.toLocaleString('en-US');
    const grant = page.getByTestId('credit-transaction').filter({ hasText: `Starter plan: ${n} credits for the ${share.left} of ${share.total} days left` });
    await expect(grant).toContainText(`+${n}`);
  });

  await test.step('a fourth and a fifth member can now be invited from the Users page', async () => {
    await page.goto('/settings/users');
    await expect(page.getByText('3 of 5 seats used')).toBeVisible();
    await page.getByRole('button', { name: 'Invite members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite members' });
    await dialog.getByLabel('Email addresses').fill(`${email('fourth')}, ${email('fifth')}`);
    await dialog.getByRole('radio', { name: 'Member' }).check();
    await dialog.getByRole('button', { name: 'Send 2 invitations' }).click();
    await expect(page.getByText('2 invitations sent')).toBeVisible();
    await expect(page.getByText('5 of 5 seats used')).toBeVisible();
  });
});

test('a 3-D Secure card asks for a confirmation step; downgrades wait for the period end and need free seats', async ({ page }) => {
  test.setTimeout(120_000);
  const owner = newAccount('billing-3ds');
  await registerByApi(page.request, owner);
  const api = apiOf(page.request);
  const card = await api.POST('/api/v1/payment-methods', {
    body: { number: '4000 0025 0000 3155', expMonth: 12, expYear: 2034, cvc: '123', name: owner.name },
  });
  expect(card.response.status, JSON.stringify(card.error)).toBe(201);

  await test.step('no invoice yet: the invoices screen says what it is for', async () => {
    await page.goto('/settings/billing-invoices');
    await expect(page.getByText('No invoices yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See plans' })).toBeVisible();
  });

  await test.step('buying 1,000 credits asks for the bank confirmation, then grants them', async () => {
    await page.goto('/settings/plans');
    const before = await topBarCredits(page);
    await page.getByRole('button', { name: /^Buy 1,000 credits for / }).click();
    const ask = page.getByRole('dialog', { name: 'Buy 1,000 credits?' });
    await expect(ask).toContainText('Visa •••• 3155');
    await ask.getByRole('button', { name: /^Pay \$/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm this payment' });
    await expect(confirm).toContainText('the 1,000 credits invoice');
    await expectNoSeriousViolations(page);
    await confirm.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page.getByText(/^Payment confirmed: invoice LT-.+-0001 paid$/)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect.poll(() => topBarCredits(page)).toBe(before + 1000);
  });

  await test.step('the upgrade to Starter is paid after the same step', async () => {
    await page.getByTestId('plan-starter').getByRole('button', { name: 'Upgrade to Starter' }).click();
    const preview = page.getByRole('dialog', { name: 'Upgrade to Starter' });
    await expect(preview.getByText('Charged to Visa •••• 3155')).toBeVisible();
    await preview.getByRole('button', { name: /^Pay \$.* and upgrade$/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm this payment' });
    await confirm.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page.getByText(/^Payment confirmed: invoice LT-.+-0002 paid$/)).toBeVisible();
    await expect(page.getByTestId('plan-starter').getByText('Current plan', { exact: true }).first()).toBeVisible();
  });

  await test.step('a downgrade to Free waits for the period end and can be undone', async () => {
    await page.getByTestId('plan-free').getByRole('button', { name: 'Downgrade to Free' }).click();
    const preview = page.getByRole('dialog', { name: 'Downgrade to Free' });
    await expect(preview).toContainText('takes effect on');
    await preview.getByRole('button', { name: /^Switch on / }).click();
    await expect(page.getByText('The change is scheduled for the end of this period')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Cancelled: the workspace moves to Free on');
    await page.getByRole('button', { name: 'Keep Starter' }).click();
    await expect(page.getByText('You stay on Starter')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your plan' })).not.toContainText('Cancelled');
  });

  await test.step('Cancel plan ends it at the period end, after a confirmation; resume keeps it', async () => {
    const plan = page.getByRole('region', { name: 'Your plan' });
    await plan.getByRole('button', { name: 'Cancel plan' }).click();
    const ask = page.getByRole('dialog', { name: 'Cancel Starter?' });
    await expect(ask).toContainText('then moves to Free');
    await ask.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(page.getByText(/^Starter ends on /)).toBeVisible();
    await expect(plan).toContainText('Ends on');
    await expect(plan.getByRole('button', { name: 'Cancel plan' })).toHaveCount(0);
    await plan.getByRole('button', { name: 'Keep Starter' }).click();
    await expect(plan).toContainText('Renews on');
  });

  await test.step('with 5 seats in use, the downgrade to Free says how many to remove', async () => {
    const invited = await api.POST('/api/v1/invitations', {
      body: { emails: [email('a'), email('b'), email('c'), email('d')], role: 'member' },
    });
    expect(invited.response.status, JSON.stringify(invited.error)).toBe(201);
    await page.reload();
    await page.getByTestId('plan-free').getByRole('button', { name: 'Downgrade to Free' }).click();
    const preview = page.getByRole('dialog', { name: 'Downgrade to Free' });
    await expect(preview.getByRole('alert', { name: 'Too many seats in use' })).toContainText(
      'Free includes 3 seats: remove 2 members or invitations in Settings → Users before switching.',
    );
    await expect(preview.getByRole('button', { name: /^Switch on / })).toBeDisabled();
    await expectNoSeriousViolations(page);
  });
});

test('a member sees the plan and the balance, and no billing buttons', async ({ page, browser }) => {
  const owner = newAccount('billing-owner-m');
  const member = newAccount('billing-member');
  await registerByApi(page.request, owner);
  const invited = await apiOf(page.request).POST('/api/v1/invitations', { body: { email: member.email, role: 'member' } });
  expect(invited.response.status, JSON.stringify(invited.error)).toBe(201);

  const context = await browser.newContext();
  const memberPage = await context.newPage();
  const link = await waitForMailLink(member.email, { contains: '/user-invite/' });
  const token = new URL(link).pathname.split('/').pop() ?? '';
  const accepted = await apiOf(memberPage.request).POST('/api/v1/invitations/{id}/accept', {
    params: { path: { id: token } },
    body: { name: 'Mia Member', password: member.password },
  });
  expect(accepted.response.status, JSON.stringify(accepted.error)).toBe(201);

  await memberPage.goto('/settings/plans');
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(memberPage.getByTestId('plan-free').getByText('Current plan', { exact: true })).toBeVisible();
  await expect(memberPage.getByRole('region', { name: 'Your plan' })).toContainText('2 of 3 used');
  await expect(memberPage.getByTestId('plans-credit-balance')).toContainText('available');
  await expect(memberPage.getByRole('button', { name: /Upgrade|Switch|Contact sales|Cancel plan|^Buy/ })).toHaveCount(0);
  await expect(memberPage.getByRole('heading', { name: 'Extra credits' })).toHaveCount(0);
  await expectNoSeriousViolations(memberPage);

  await memberPage.goto('/settings/billing-invoices');
  await expect(memberPage.getByText('Only owners and admins can manage this')).toBeVisible();
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the billing screens, the preview and the invoice have no serious accessibility violations', async ({ page }) => {
      const owner = newAccount(`billing-a11y-${colorScheme}`);
      await registerByApi(page.request, owner);
      const api = apiOf(page.request);
      const card = await api.POST('/api/v1/payment-methods', {
        body: { number: '4242424242424242', expMonth: 1, expYear: 2035, cvc: '123', name: owner.name },
      });
      expect(card.response.status, JSON.stringify(card.error)).toBe(201);
      const upgraded = await api.PUT('/api/v1/subscription', { body: { plan: 'starter', interval: 'month' } });
      expect(upgraded.response.status, JSON.stringify(upgraded.error)).toBe(200);

      await page.goto('/settings/plans');
      await expect(page.getByTestId('plan-starter').getByText('Current plan', { exact: true }).first()).toBeVisible();
      await page.getByRole('radiogroup', { name: 'Billing interval' }).getByText('Annual (2 months free)').click();
      await expect(page.getByTestId('plan-professional')).toContainText('Save $198 a year');
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Upgrade to Professional' }).click();
      await expect(page.getByTestId('amount-due-now')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('amount-due-now')).toBeHidden();

      await page.goto('/settings/payment-methods');
      await expect(page.getByTestId('card-4242')).toContainText('Default');
      await expectNoSeriousViolations(page);

      await page.goto('/settings/billing-invoices');
      await page.getByRole('button', { name: /^Open invoice / }).click();
      await expect(page.getByRole('dialog', { name: /^Invoice LT-/ })).toContainText('Total');
      await expectNoSeriousViolations(page);
    });
  });
}
