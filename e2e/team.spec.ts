import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { waitForMailLink } from './support/mail';

test('the owner invites a member who joins from the email; a role change takes effect', async ({ page, browser }) => {
  const owner = newAccount('owner');
  const invitee = newAccount('invitee');
  const inviteeName = 'Mia Member';

  await test.step('the owner invites a member from Settings → Users', async () => {
    await registerByApi(page.request, owner);
    await page.goto('/settings/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText('1 of 3 seats used')).toBeVisible();
    await page.getByRole('button', { name: 'Invite members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite members' });
    await dialog.getByLabel('Email addresses').fill(invitee.email);
    await dialog.getByRole('radio', { name: 'Member' }).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${invitee.email}`)).toBeVisible();
    await expect(page.getByTestId(`invitation-${invitee.email}`)).toContainText('Pending');
    await expect(page.getByText('2 of 3 seats used')).toBeVisible();
  });

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();

  await test.step('the invitee accepts from the emailed link and lands signed in', async () => {
    const link = await waitForMailLink(invitee.email, { contains: '/user-invite/' });
    await member.goto(link);
    await expect(member.getByRole('heading', { name: `Join ${owner.companyName} on Leadtrail` })).toBeVisible();
    await expect(member.getByText(`${owner.name} invited you`)).toBeVisible();
    await member.getByLabel('Your name').fill(inviteeName);
    await member.getByLabel('Choose a password').fill(invitee.password);
    await member.getByRole('button', { name: `Create account and join ${owner.companyName}` }).click();
    await expect(member).toHaveURL(/\/$/);
    await expect(member.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(member.getByRole('banner').getByText(owner.companyName)).toBeVisible();
  });

  await test.step('as a member, they see no Settings → Users', async () => {
    await member.goto('/settings/my-account');
    await expect(member.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    const settingsNav = member.getByRole('navigation', { name: 'Settings' });
    await expect(settingsNav.getByRole('link', { name: 'My account' })).toBeVisible();
    await expect(settingsNav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await member.goto('/settings/users');
    await expect(member.getByText('Only owners and admins can manage this')).toBeVisible();
    await expect(member.getByRole('button', { name: 'Invite members' })).toHaveCount(0);
  });

  await test.step('the owner sees them as an active member and makes them an admin', async () => {
    await page.reload();
    const row = page.getByTestId(`member-${invitee.email}`);
    await expect(row).toContainText(inviteeName);
    await expect(row).toContainText('Active');
    await expect(page.getByTestId(`invitation-${invitee.email}`)).toHaveCount(0);
    await row.getByRole('combobox', { name: `Role of ${inviteeName}` }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await expect(page.getByText(`${inviteeName} is now an admin`)).toBeVisible();
  });

  await test.step('the change takes effect: the new admin manages users', async () => {
    await member.goto('/settings/users');
    await expect(member.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(member.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(member.getByTestId(`member-${owner.email}`)).toContainText('Owner');
    await expect(member.getByRole('button', { name: 'Invite members' })).toBeVisible();
  });

  await memberContext.close();
});
