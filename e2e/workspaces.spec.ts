import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { originHeader as origin } from './support/env';
import { waitForMailLink } from './support/mail';


const switcher = (page: Page) => page.getByRole('button', { name: /Switch workspace$/ });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function switchTo(page: Page, workspaceName: string) {
  await switcher(page).click();
  await page.getByRole('menuitem', { name: new RegExp(workspaceName) }).click();
  await expect(page.getByRole('banner').getByText(workspaceName)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test('a member of two workspaces switches between them and sees what each role allows', async ({ page, request }) => {
  const owner = newAccount('alpha');
  const member = newAccount('beta');

  // The owner of the first workspace invites the second user as a member.
  await registerByApi(request, owner);
  const invited = await request.post('/api/v1/invitations', {
    data: { email: member.email, role: 'member' },
    headers: origin,
  });
  expect(invited.status(), await invited.text()).toBe(201);

  // The second user has a workspace of their own, and accepts while signed in.
  const since = Date.now() - 60_000;
  await registerByApi(page.request, member);
  const link = await waitForMailLink(member.email, { since, contains: '/user-invite/' });
  const token = new URL(link).pathname.split('/').pop() ?? '';
  const accepted = await page.request.post(`/api/v1/invitations/${token}/accept`, { data: {}, headers: origin });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  await page.goto('/');
  await expect(switcher(page)).toBeVisible();

  await switchTo(page, owner.companyName);
  await expect(page.getByRole('main').getByText('Member', { exact: true })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Plans' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Transactions log' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Company' })).toHaveCount(0);
  await expect(mainNav(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(mainNav(page).getByRole('link', { name: 'Billing & invoices' })).toHaveCount(0);

  await switchTo(page, member.companyName);
  await expect(page.getByRole('main').getByText('Owner', { exact: true })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Company' })).toBeVisible();

  // The choice belongs to the session: a reload stays in the chosen workspace.
  await page.reload();
  await expect(page.getByRole('banner').getByText(member.companyName)).toBeVisible();
});

test('a user with one workspace sees its name without a switcher', async ({ page }) => {
  await registerByApi(page.request, newAccount('solo'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(switcher(page)).toHaveCount(0);
});
