import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, signIn, signOut } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
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
    // the settings pages' one navigation: the sidebar's Settings group
    const settingsNav = member.getByRole('navigation', { name: 'Main' }).getByRole('group', { name: 'Settings' });
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
    await expect(
      member.getByRole('navigation', { name: 'Main' }).getByRole('group', { name: 'Settings' }).getByRole('link', { name: 'Users' }),
    ).toBeVisible();
    await expect(member.getByTestId(`member-${owner.email}`)).toContainText('Owner');
    await expect(member.getByRole('button', { name: 'Invite members' })).toBeVisible();
  });

  await test.step('deactivated, they are signed out at once; their records can go to someone else', async () => {
    const row = page.getByTestId(`member-${invitee.email}`);
    await row.getByRole('button', { name: `Actions for ${inviteeName}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page
      .getByRole('dialog', { name: `Deactivate ${inviteeName}?` })
      .getByRole('button', { name: 'Deactivate member' })
      .click();
    await expect(row).toContainText('Deactivated');
    await expect(page.getByText('1 of 3 seats used')).toBeVisible();

    await member.goto('/settings/users');
    await expect(member).toHaveURL(/\/login\?next=/);

    await row.getByRole('button', { name: `Actions for ${inviteeName}` }).click();
    await page.getByRole('menuitem', { name: 'Reassign records…' }).click();
    const dialog = page.getByRole('dialog', { name: `Reassign ${inviteeName}'s records` });
    await dialog.getByRole('combobox', { name: 'New owner' }).click();
    await page.getByRole('option', { name: new RegExp(owner.email) }).click();
    await dialog.getByRole('button', { name: 'Reassign records' }).click();
    await expect(page.getByText(`${inviteeName} owned no contacts or companies`)).toBeVisible();
  });

  await memberContext.close();
});

/** RFC 6238 code for a base32 secret (what an authenticator app shows), `steps` periods ahead. */
function totp(secretBase32: string, steps = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secretBase32.replace(/\s|=/g, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('two-step verification is set up from My account and then asked at sign-in', async ({ page }) => {
  const account = newAccount('totp');
  await registerByApi(page.request, account);
  await page.goto('/settings/my-account');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await page.getByLabel('Code from the app').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const recovery = (await codes.getByRole('listitem').first().textContent())!.trim();
  await codes.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByText('10 of 10 recovery codes left')).toBeVisible();

  await signOut(page);
  await signIn(page, account.email, account.password);
  await page.getByLabel('Authentication code').fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await signOut(page);
  await signIn(page, account.email, account.password);
  await page.getByLabel('Authentication code').fill(recovery);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/settings/my-account');
  await expect(page.getByText('9 of 10 recovery codes left')).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('team and account screens have no serious accessibility violations', async ({ page, browser }) => {
      const owner = newAccount('a11y-team');
      await registerByApi(page.request, owner);

      await page.goto('/settings/company');
      await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible();
      await expect(page.getByLabel('Company name')).toHaveValue(owner.companyName);
      await expectNoSeriousViolations(page);

      const invitee = newAccount('a11y-invitee');
      // a cookie-authenticated write needs a same-origin Origin (CSRF check)
      const invited = await page.request.post('/api/v1/invitations', {
        data: { email: invitee.email, role: 'admin' },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(invited.status(), await invited.text()).toBe(201);
      await page.goto('/settings/users');
      await expect(page.getByTestId(`invitation-${invitee.email}`)).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Invite members' }).click();
      await page
        .getByRole('dialog', { name: 'Invite members' })
        .getByRole('button', { name: 'Send invitation' })
        .click();
      await expect(page.getByText('Enter at least one email address')).toBeVisible();
      await expectNoSeriousViolations(page);

      const visitor = await browser.newContext();
      const invitePage = await visitor.newPage();
      await invitePage.goto(await waitForMailLink(invitee.email, { contains: '/user-invite/' }));
      await expect(invitePage.getByRole('heading', { name: `Join ${owner.companyName} on Leadtrail` })).toBeVisible();
      await expectNoSeriousViolations(invitePage);
      await invitePage.goto('/user-invite/not-a-real-invitation-token-0123456789');
      await expect(invitePage.getByRole('heading', { name: 'This invitation link is not valid' })).toBeVisible();
      // the reason reads as text: regular weight, left-aligned, across the panel
      const reason = invitePage.getByTestId('invitation-problem').getByText(/replaced by a newer invitation/);
      await expect(reason).toHaveCSS('font-weight', '400');
      await expect(reason).toHaveCSS('text-align', /start|left/);
      expect((await reason.boundingBox())!.width).toBeGreaterThan(250);
      await expectNoSeriousViolations(invitePage);
      await visitor.close();
    });
  });
}
