import { expect, test, type Locator, type Page } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

const totals = (page: Page) => page.getByTestId('prospect-totals');
const balance = (page: Page) => page.getByTestId('credit-balance');
/** Rows of people with an email of this status, not revealed or in my contacts yet, and not suppressed. */
const withStatus = (page: Page, status: 'Valid' | 'Invalid'): Locator =>
  page
    .locator('tr[data-testid^="prospect-"]')
    .filter({ hasNotText: 'No email' })
    .filter({ has: page.getByText(status, { exact: true }) })
    .filter({ has: page.getByRole('button', { name: /^Reveal details of/ }) })
    .filter({ hasNot: page.getByRole('link', { name: /in your contacts$/ }) });
/** Rows of people with a valid email (charged whatever "valid emails only" says), not revealed yet. */
const withEmail = (page: Page): Locator => withStatus(page, 'Valid');

/** The WCAG rules only (axe's best practices aside). */
const expectAccessible = (page: Page) => expectNoSeriousViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);

async function allCount(page: Page): Promise<number> {
  const text = (await page.getByRole('tab', { name: /^All( \(|$)/ }).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

test('find people with two filters, reveal one email, then reveal in bulk with the receipt', async ({ page }) => {
  test.setTimeout(120_000);
  await registerByApi(page.request, newAccount('prospects'));
  await page.goto('/my-contacts/prospects');
  await expect(page.getByRole('heading', { name: 'Prospects' })).toBeVisible({ timeout: 30_000 });

  // the default database holds 20,000 generated people; a new workspace gets the Free plan's 50 credits
  await expect(totals(page)).toContainText('20,000 people', { timeout: 30_000 });
  await expect(balance(page)).toContainText('50');
  const everyone = await allCount(page);
  expect(everyone).toBe(20_000);

  // first filter: a seniority; the totals and the other facets' counts follow
  const seniority = page.getByRole('group', { name: 'Seniority' });
  const director = seniority.getByRole('checkbox', { name: /^Director/ });
  const directorCount = Number(((await seniority.getByTestId('facet-count-Seniority-director').textContent()) ?? '').replace(/[^\d]/g, ''));
  expect(directorCount).toBeGreaterThan(0);
  const salesBefore = await page.getByTestId('facet-count-Department-sales').textContent();
  await director.check();
  await expect(page).toHaveURL(/seniority=director/);
  await expect(page.getByRole('tab', { name: /^All( \(|$)/ })).toHaveText(`All (${directorCount.toLocaleString('en')})`);
  await expect(page.getByTestId('facet-count-Department-sales')).not.toHaveText(salesBefore ?? '');

  // second filter: a department, its count as the facet said
  const salesDirectors = Number(((await page.getByTestId('facet-count-Department-sales').textContent()) ?? '').replace(/[^\d]/g, ''));
  expect(salesDirectors).toBeGreaterThan(3);
  await page.getByRole('group', { name: 'Department' }).getByRole('checkbox', { name: /^Sales/ }).check();
  await expect(page.getByRole('tab', { name: /^All( \(|$)/ })).toHaveText(`All (${salesDirectors.toLocaleString('en')})`);
  await expect(totals(page)).toContainText(`${salesDirectors.toLocaleString('en')} ${salesDirectors === 1 ? 'person' : 'people'}`);
  await expect(page.locator('tr[data-testid^="prospect-"]').first()).toBeVisible();
  await expectAccessible(page);

  // reveal one email: the receipt first, then the balance drops by one
  const row = withEmail(page).first();
  const name = ((await row.getByRole('button', { name: /^Reveal details of/ }).getAttribute('aria-label')) ?? '').replace('Reveal details of ', '');
  await expect(row.getByText(/•/).first()).toBeVisible();
  await row.getByRole('button', { name: /^Reveal details of/ }).click();
  await page.getByRole('menuitem', { name: 'Email · 1 credit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reveal contact details' });
  const receipt = dialog.getByTestId('reveal-receipt');
  await expect(receipt).toContainText('1 email × 1 credit');
  await expect(receipt.getByRole('row', { name: /Balance after/ })).toContainText('49');
  await dialog.getByRole('button', { name: 'Reveal for 1 credit' }).click();
  await expect(page.getByText('1 person revealed and saved to contacts')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(balance(page)).toContainText('49');
  const revealedRow = page.locator('tr[data-testid^="prospect-"]').filter({ has: page.getByRole('link', { name: `Open ${name} in your contacts` }) });
  await expect(revealedRow).toHaveCount(1);
  await expect(revealedRow.getByText(/@.*\.example/)).not.toContainText('•');

  // the ledger shows the spend with the balance after
  await balance(page).click();
  await expect(page).toHaveURL(/\/settings\/transactions-log$/);
  const spend = page.getByTestId('credit-transaction').filter({ hasText: 'Email reveal' });
  await expect(spend).toHaveCount(1);
  await expect(spend).toContainText('−1');
  await expect(spend.getByRole('cell').last()).toHaveText('49');
  await expect(page.getByTestId('credit-transaction').filter({ hasText: 'Plan credits' })).toContainText('+50');
  await expect(page.getByTestId('usage-chart')).toContainText('1 credit');
  await expectAccessible(page);

  // bulk reveal: three people ticked, the receipt as the confirmation
  await page.goBack();
  await expect(page).toHaveURL(/\/my-contacts\/prospects\?/);
  const rows = withEmail(page);
  await expect(rows.nth(2)).toBeVisible();
  for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
  await expect(page.getByTestId('selection-count')).toHaveText('3 people selected');
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Reveal emails' }).click();
  const bulk = page.getByRole('dialog', { name: 'Reveal contact details' }).getByTestId('reveal-receipt');
  await expect(bulk).toContainText('3 emails × 1 credit');
  await expect(bulk.getByRole('row', { name: /^Total/ })).toContainText('3 credits');
  await expect(bulk.getByRole('row', { name: /Balance after/ })).toContainText('46');
  await page.getByRole('button', { name: 'Reveal for 3 credits' }).click();
  await expect(page.getByText('3 people revealed and saved to contacts')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(balance(page)).toContainText('46');
  await expect(page.getByRole('tab', { name: /^Already mine/ })).toHaveText('Already mine (4)');

  // the first revealed person opens as a contact
  await page.getByRole('link', { name: `Open ${name} in your contacts` }).click();
  await expect(page).toHaveURL(/\/my-contacts\/contacts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(/@.*\.example/).first()).toBeVisible();
});

test('fair charges: an invalid email is left uncharged; short of credits, reveal as many as the balance covers', async ({ page }) => {
  test.setTimeout(120_000);
  await registerByApi(page.request, newAccount('charges'));
  // people whose email is valid or invalid
  await page.goto('/my-contacts/prospects?emailStatus=valid&emailStatus=invalid');
  await expect(page.locator('tr[data-testid^="prospect-"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(balance(page)).toContainText('50');

  // one valid and one invalid email ticked: "Valid emails only" is on for more than one person;
  // the invalid one is left out and not charged, whether it is on or off
  const invalid = withStatus(page, 'Invalid').first();
  const invalidName = ((await invalid.getByRole('button', { name: /^Reveal details of/ }).getAttribute('aria-label')) ?? '').replace('Reveal details of ', '');
  await withEmail(page).first().getByRole('checkbox').check();
  await invalid.getByRole('checkbox').check();
  await expect(page.getByTestId('selection-count')).toHaveText('2 people selected');
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Reveal emails' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reveal contact details' });
  const receipt = dialog.getByTestId('reveal-receipt');
  const validOnly = dialog.getByRole('checkbox', { name: 'Valid emails only' });
  await expect(validOnly).toBeChecked();
  await expect(receipt).toContainText('1 email × 1 credit');
  await expect(receipt.getByTestId('email-mix')).toHaveText('Emails: 1 valid; 1 invalid not charged');
  await validOnly.uncheck();
  await expect(receipt).toContainText('1 email invalid: left out, not charged');
  await expect(receipt.getByRole('row', { name: /^Total/ })).toContainText('1 credit');
  await validOnly.check();
  await dialog.getByRole('button', { name: 'Reveal for 1 credit' }).click();
  await expect(page.getByText('1 person revealed and saved to contacts')).toBeVisible();
  await expect(balance(page)).toContainText('49');
  // the invalid person stays masked, not revealed
  const invalidRow = page.locator('tr[data-testid^="prospect-"]').filter({ has: page.getByRole('button', { name: `Reveal details of ${invalidName}` }) });
  await expect(invalidRow.getByText(/•/).first()).toBeVisible();

  // everyone matching: far more than 49 credits. The dialog states the shortfall, links to buy
  // credits and upgrade, and reveals the first 49 in the search's order
  await page.getByRole('checkbox', { name: 'Select every person shown' }).check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: /^Select all [\d,]+ matching$/ }).click();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Reveal emails' }).click();
  await expect(validOnly).toBeChecked();
  const short = dialog.getByRole('alert').filter({ hasText: 'Not enough credits' });
  await expect(short).toContainText(/You need [\d,]+ credits and have 49: [\d,]+ short\./);
  await expect(short).not.toContainText('reveal email only');
  await expect(short.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', /\/settings\/plans/);
  await expect(short.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute('href', '/settings/plans');
  await expect(receipt.getByRole('row', { name: /Balance after/ })).toHaveCount(0);
  await expect(receipt.getByRole('row', { name: /^Short by/ })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Reveal 49 (as many as your balance covers)' }).click();
  // (the person revealed before is free if among them)
  await expect(page.getByText(/^(49|50) people revealed and saved to contacts$/)).toBeVisible({ timeout: 30_000 });
  await expect(balance(page)).toHaveAttribute('aria-label', /Credit balance: 0 credits available/);
  await expect(page.getByRole('tab', { name: /^Already mine/ })).toHaveText('Already mine (50)');

  // the log: one row per reveal action, with its count
  await balance(page).click();
  await expect(page).toHaveURL(/\/settings\/transactions-log$/);
  await expect(page.getByTestId('credit-transaction').filter({ hasText: 'Revealed 49 emails' })).toContainText('−49');
  await expect(page.getByTestId('credit-transaction').filter({ hasText: 'Revealed 1 email' })).toContainText('−1');
  await expect(page.getByTestId('credit-transaction').filter({ hasText: /Revealed/ })).toHaveCount(2);
  // … and the row says who: its 49 people, each a link to the contact they became
  await page.getByRole('button', { name: 'Revealed 49 emails' }).click();
  const who = page.getByRole('dialog', { name: 'Revealed 49 emails' });
  await expect(who.getByTestId('revealed-person')).toHaveCount(49);
  await expect(who.getByTestId('revealed-person').first().getByRole('link')).toHaveAttribute('href', /^\/my-contacts\/contacts\/[\w-]+$/);
  await expectAccessible(page);
});

test('Reveal in reach at every desktop width; a person opens in a profile that leads to their company’s people', async ({ page }) => {
  test.setTimeout(150_000);
  await registerByApi(page.request, newAccount('profile'));
  await page.goto('/my-contacts/prospects');
  await expect(totals(page)).toContainText('20,000 people', { timeout: 30_000 });

  // the results fit their area: no sideways scroll, the first Reveal inside the window
  for (const width of [1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const reveal = withEmail(page).first().getByRole('button', { name: /^Reveal details of/ });
    await expect(reveal).toBeInViewport();
    const box = (await reveal.boundingBox())!;
    expect(box.x + box.width, `Reveal at ${width} px`).toBeLessThanOrEqual(width);
    const overflow = await page
      .getByRole('table', { name: 'People matching the search' })
      .evaluate((table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0));
    expect(overflow, `table overflow at ${width} px`).toBeLessThanOrEqual(0);
  }

  // a person's profile: their details and their company, with its people in the database
  const row = withEmail(page).first();
  const opener = row.getByRole('button', { name: /^Open the profile of / });
  const name = ((await opener.getAttribute('aria-label')) ?? '').replace('Open the profile of ', '');
  await opener.click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.getByText('Seniority')).toBeVisible();
  const findPeople = drawer.getByRole('button', { name: /^Find [\d,]+ (person|people) at / });
  await expect(findPeople).toBeVisible();
  await expectAccessible(page);
  const people = Number(((await findPeople.textContent()) ?? '').replace(/^Find ([\d,]+).*$/, '$1').replace(/,/g, ''));
  expect(people).toBeGreaterThan(0);

  // … and "find people at this company" is a search on its domain with that many people
  await findPeople.click();
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(/atCompany=/);
  await expect(page.getByRole('tab', { name: /^All( \(|$)/ })).toHaveText(`All (${people.toLocaleString('en')})`);

  // the Companies tab (issue 26): a company search, counted per facet, that leads to its people
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'Companies' }).click();
  await expect(page).toHaveURL(/tab=companies/);
  await expect(page.getByTestId('company-totals')).toContainText(/[\d,]+ companies/, { timeout: 30_000 });
  const industry = page.getByRole('group', { name: 'Industry' }).getByRole('checkbox').first();
  // (checked once the URL holds it: click, then wait for the state)
  await industry.click();
  await expect(page).toHaveURL(/industry=/);
  await expect(industry).toBeChecked();
  const companyRows = page.locator('tr[data-testid^="company-"]');
  await expect(companyRows.first()).toBeVisible();
  // every row shown is of that industry, and the action column is in reach
  const industries = await companyRows.locator('td:nth-child(3)').allTextContents();
  expect(new Set(industries).size).toBe(1);
  await expect(page.getByRole('group', { name: 'Industry' }).getByRole('checkbox', { name: new RegExp(`^${industries[0]}`), checked: true })).toBeVisible();
  await expect(companyRows.first().getByRole('button', { name: /^Find people at / })).toBeInViewport();
  await expectAccessible(page);
  const peopleAt = async (i: number) => Number(((await companyRows.nth(i).locator('td:nth-child(6)').textContent()) ?? '').replace(/,/g, ''));
  const expected = (await peopleAt(0)) + (await peopleAt(1));
  const chosenDomain = ((await companyRows.nth(0).getAttribute('data-testid')) ?? '').replace(/^company-/, '');
  await companyRows.nth(0).getByRole('checkbox').check();
  await companyRows.nth(1).getByRole('checkbox').check();
  await expect(page.getByTestId('company-selection-count')).toHaveText('2 companies selected');
  await page.getByRole('button', { name: 'Find people at these companies' }).click();
  await expect(page).not.toHaveURL(/tab=companies/);
  await expect(page).toHaveURL(/atCompany=.*atCompany=/);
  await expect(page.getByRole('tab', { name: /^All( \(|$)/ })).toHaveText(`All (${expected.toLocaleString('en')})`, { timeout: 30_000 });
  // the filter panel shows the two companies (removable there)
  await expect(page.getByRole('region', { name: 'Filters' }).getByText(chosenDomain, { exact: true })).toBeVisible();
  // back: the company search as it was
  await page.goBack();
  await expect(page).toHaveURL(/tab=companies.*industry=/);
});
