import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

/** Fails on serious or critical violations, listing each with the elements it found. */
const publicScreens = [
  { path: '/login', heading: 'Sign in to Leadtrail' },
  { path: '/register', heading: 'Create your Leadtrail account' },
  { path: '/reset-password', heading: 'Reset your password' },
  // a made-up link is checked first and reported at once
  { path: '/reset-password/0123456789abcdef0123456789abcdef', heading: 'This reset link is invalid or has expired' },
  { path: '/legal/privacy-policy', heading: 'Privacy policy' },
  { path: '/this/page/does-not-exist', heading: 'Page not found' },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const screen of publicScreens) {
      test(`${screen.path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await expectNoSeriousViolations(page);
      });
    }

    test('the sign-in form with errors has no serious accessibility violations', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Enter your password')).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('the dashboard has no serious accessibility violations', async ({ page }) => {
      // page.request shares the page's cookies: registering signs the page in.
      await registerByApi(page.request, newAccount('a11y'));
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
