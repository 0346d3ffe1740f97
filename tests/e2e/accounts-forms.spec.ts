import { expect, test } from './fixtures.ts';
import {
  ENGLISH,
  fillSignup,
  GERMAN,
  holdIslands,
  mailedLink,
  notHydratedYet,
  signUpQuickly,
  signupDialog,
  useAccountsServer,
  uniqueEmail,
  url,
  visitorContext,
} from './accounts-support.ts';
import type { Browser, Page } from '@playwright/test';

/*
 * The account forms' rules as a visitor meets them: every signup message of spec §5 in the
 * modal (English and German), the modal that cannot be closed while the account is being made,
 * and the login's two failures (wrong password, then the lockout with its minutes).
 */

const app = useAccountsServer();

/** The signup modal's answers apart from the address, as the tests below type them. */
const ROBIN = { name: 'Robin', day: '2', month: '3', year: '1988', password: 'blue tulips at dawn 42' };

/** Fills and sends the form behind an e-mailed reset link. */
async function submitNewPassword(page: Page, password: string, repeat = password) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(repeat);
  await page.getByRole('button', { name: 'Save the new password' }).click();
}

/** An account made in another browser, and the page of a visitor who has not logged in yet. */
async function accountAndVisitor(browser: Browser) {
  const setup = await visitorContext(browser);
  const account = await signUpQuickly(setup, app.server);
  await setup.close();
  const context = await visitorContext(browser);
  return { ...account, context, page: await context.newPage() };
}

async function openModal(page: Page, path: string, labels = ENGLISH) {
  await page.goto(url(app.server, path));
  await page.getByRole('link', { name: labels.signup }).first().click();
  await expect(signupDialog(page)).toBeVisible();
  return signupDialog(page);
}

const cases = [
  { locale: 'en', path: '/login', labels: ENGLISH },
  { locale: 'de', path: '/de/login', labels: GERMAN },
] as const;

const MESSAGES = {
  en: {
    startsWithAt: 'Your name may not start with @',
    nameIsEmail: 'Your name may not be your e-mail address',
    tooYoung: 'Enter your date of birth (18+)',
    dateInvalid: 'Please enter a valid date of birth',
    emailInvalid: 'Invalid email',
    passwordShort: 'Your password needs at least 8 characters',
    passwordCommon: 'This password is too common and easy to guess, please choose another one',
  },
  de: {
    startsWithAt: 'Dein Name darf nicht mit @ beginnen',
    nameIsEmail: 'Dein Name darf nicht deine E-Mail-Adresse sein',
    tooYoung: 'Gib dein Geburtsdatum ein (18+)',
    dateInvalid: 'Bitte gib ein gültiges Geburtsdatum ein',
    emailInvalid: 'Ungültige E-Mail-Adresse',
    passwordShort: 'Dein Passwort braucht mindestens 8 Zeichen',
    passwordCommon: 'Dieses Passwort ist zu verbreitet und leicht zu erraten, bitte wähle ein anderes',
  },
};

for (const { locale, path, labels } of cases) {
  test(`signup modal shows every rule's message (${locale})`, async ({ browser }) => {
    const context = await visitorContext(browser);
    const page = await context.newPage();
    const m = MESSAGES[locale];
    const dialog = await openModal(page, path, labels);
    const next = dialog.getByRole('button', { name: labels.next });
    await next.click();

    const name = dialog.getByLabel(labels.name, { exact: true });
    await name.fill('@robin');
    await next.click();
    await expect(dialog.getByText(m.startsWithAt)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill('robin@example.org');
    await next.click();
    await expect(dialog.getByText(m.nameIsEmail)).toBeVisible();
    await name.fill('Robin');
    await next.click();

    const year = new Date().getUTCFullYear();
    await dialog.getByLabel(labels.day).selectOption('1');
    await dialog.getByLabel(labels.month).selectOption('1');
    await dialog.getByLabel(labels.year).fill(String(year - 10));
    await next.click();
    await expect(dialog.getByText(m.tooYoung)).toBeVisible();
    await dialog.getByLabel(labels.day).selectOption('31');
    await dialog.getByLabel(labels.month).selectOption('2');
    await dialog.getByLabel(labels.year).fill('1990');
    await next.click();
    await expect(dialog.getByText(m.dateInvalid)).toBeVisible();
    await dialog.getByLabel(labels.day).selectOption('28');
    await next.click();

    await dialog.getByLabel(labels.email).fill('not-an-address');
    await dialog.getByLabel(labels.password, { exact: true }).fill('short');
    await next.click();
    await expect(dialog.getByText(m.emailInvalid)).toBeVisible();
    await expect(dialog.getByText(m.passwordShort)).toBeVisible();

    // The common-password list lives on the server: its answer comes back to the password step.
    await dialog.getByLabel(labels.email).fill(uniqueEmail('common'));
    await dialog.getByLabel(labels.password, { exact: true }).fill('password123');
    await next.click();
    await dialog.getByRole('button', { name: labels.submit }).click();
    await expect(dialog.getByText(m.passwordCommon)).toBeVisible();
    await expect(dialog.getByLabel(labels.password, { exact: true })).toHaveValue('password123');
    // What was typed earlier is all still there.
    await dialog.getByRole('button', { name: labels.back }).click();
    await expect(dialog.getByLabel(labels.year)).toHaveValue('1990');
    await dialog.getByRole('button', { name: labels.back }).click();
    await expect(dialog.getByLabel(labels.name, { exact: true })).toHaveValue('Robin');
    await context.close();
  });
}

test('the same address signs up once per site, and twice on two sites', async ({ browser }) => {
  const email = uniqueEmail('twice');
  const first = await visitorContext(browser);
  await signUpQuickly(first, app.server, { email });
  const context = await visitorContext(browser);
  const page = await context.newPage();
  const dialog = await openModal(page, '/login');
  await fillSignup(dialog, { ...ROBIN, email });
  await dialog.getByRole('button', { name: 'Create my free account' }).click();
  // Sent back to the address, with the spec's message.
  await expect(dialog.getByText('An account with this e-mail address already exists')).toBeVisible();
  await expect(dialog.getByLabel('E-mail address')).toBeFocused();

  // Node does not resolve *.localhost: the other site is reached by its Host header.
  const response = await app.server.request('/api/signup.php', {
    host: 'rainbow.localhost',
    method: 'POST',
    headers: { 'x-forwarded-for': '10.99.0.1' },
    body: { email, password: 'blue tulips at dawn 42', name: 'Robin', date_of_birth: '1988-03-02' },
  });
  expect(response.status, response.body).toBe(201);
  await Promise.all([first.close(), context.close()]);
});

test('the modal cannot be closed while the account is being made', async ({ browser }) => {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/signup.php', async (route) => {
    await held;
    await route.continue();
  });
  const dialog = await openModal(page, '/login');
  await fillSignup(dialog, { ...ROBIN, email: uniqueEmail('locked') });
  await dialog.getByRole('button', { name: 'Create my free account' }).click();
  await expect(dialog.getByRole('button', { name: 'Creating your account…' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/complete-signup$/);
  await context.close();
});

test('Escape and the backdrop close the modal when nothing is in flight, and keep what was typed', async ({
  browser,
}) => {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  const dialog = await openModal(page, '/login');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Username', { exact: true }).fill('Kim');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus returns to the link that opened it.
  await expect(page.getByRole('link', { name: 'Sign up free' }).first()).toBeFocused();
  await page.getByRole('link', { name: 'Sign up free' }).first().click();
  await expect(dialog.getByLabel('Username', { exact: true })).toHaveValue('Kim');
  await page.mouse.click(5, 400);
  await expect(dialog).toBeHidden();
  await context.close();
});

test('login says it failed without saying why, then locks the account for a while', async ({ browser }) => {
  const { email, context, page } = await accountAndVisitor(browser);
  await page.goto(url(app.server, '/login'));
  const submit = page.getByRole('button', { name: 'Log in' });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(`wrong password ${attempt}`);
    await submit.click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /Login failed, please try again|Too many incorrect attempts/ }),
    ).toBeVisible();
  }
  // An unknown address reads exactly like a wrong password.
  await page.getByLabel('E-mail address').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('whatever it is');
  await submit.click();
  await expect(page.getByText('Login failed, please try again')).toBeVisible();

  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('blue tulips at dawn 42');
  await submit.click();
  await expect(page.getByText(/^Too many incorrect attempts, account blocked for \d+ min\.$/)).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  await context.close();
});

test('password reset: unknown address, the e-mailed link, and a used link', async ({ browser }) => {
  const { email, context, page } = await accountAndVisitor(browser);
  await page.goto(url(app.server, '/login'));
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('E-mail address').fill(uniqueEmail('unknown'));
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('E-mail address not found')).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();

  const { link } = await mailedLink(app.server, email, '/reset-password/do');
  expect(link.host).toBe(`localhost:${app.server.port}`);
  await page.goto(url(app.server, link.pathname + link.search));
  await submitNewPassword(page, 'a brand new passphrase', 'a brand new passphrasf');
  await expect(page.getByText('The entered passwords are not the same.')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/members$/);

  await page.goto(url(app.server, link.pathname + link.search));
  await submitNewPassword(page, 'another new passphrase');
  await expect(page.getByText('Link expired or invalid, request a new email')).toBeVisible();
  await context.close();
});

test.describe("what a member types or switches before the page's scripts run", () => {
  test('login: sent once the form runs, and an early Enter loses nothing', async ({ browser }) => {
    const { email, password, context, page } = await accountAndVisitor(browser);
    const islands = await holdIslands(page);
    await page.goto(url(app.server, '/login?next=%2Fsettings'), { waitUntil: 'commit' });
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await notHydratedYet(page);
    // The button waits for the form's handler: the browser did not post the page and lose it all.
    await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);
    islands.release();
    await expect(page.getByLabel('E-mail address')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await context.close();
  });

  test('password reset: the address typed early is the one the link goes to', async ({ browser }) => {
    const { email, context, page } = await accountAndVisitor(browser);
    const islands = await holdIslands(page);
    await page.goto(url(app.server, '/reset-password'), { waitUntil: 'commit' });
    await page.getByLabel('E-mail address').fill(email);
    await notHydratedYet(page);
    islands.release();
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
    await mailedLink(app.server, email, '/reset-password/do');
    await context.close();
  });

  test('signup page: the choices made early become the form’s own', async ({ browser }) => {
    const context = await visitorContext(browser);
    const page = await context.newPage();
    const islands = await holdIslands(page);
    await page.goto(url(app.server, '/signup'), { waitUntil: 'commit' });
    // The choices are buttons: their labels are what one clicks.
    await page
      .locator('label')
      .filter({ hasText: /^Woman$/ })
      .click();
    await page
      .locator('label')
      .filter({ hasText: /^Men and women$/ })
      .click();
    await expect(page.getByRole('radio', { name: 'Woman', exact: true })).toBeChecked();
    await notHydratedYet(page);
    islands.release();
    // The first step is drawn again from the form's state after a step forth and back.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('radio', { name: 'Woman', exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Men and women', exact: true })).toBeChecked();
    await context.close();
  });

  test('settings: typed passwords and a flipped switch are kept and saved', async ({ browser }) => {
    const context = await visitorContext(browser);
    const { password } = await signUpQuickly(context, app.server);
    const page = await context.newPage();
    const islands = await holdIslands(page);
    await page.goto(url(app.server, '/settings'), { waitUntil: 'commit' });
    const section = page.locator('#password');
    await section.getByLabel('Current password').fill(password);
    await section.getByLabel('New password').fill('green meadows in june 7');
    await page.getByRole('switch', { name: 'Invisible mode' }).check();
    await notHydratedYet(page);
    islands.release();
    // What a member waits for: the form's button, disabled until the islands run. On a loaded
    // machine the released scripts take longer than an assertion's 5 s to load and run, and the
    // save below starts only then.
    await expect(section.getByRole('button', { name: 'Change password' })).toBeEnabled({ timeout: 20_000 });
    // The switch flipped before the island ran is saved when it runs.
    await expect(page.getByText('Invisible mode is on.')).toBeVisible();
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByText('Your password is changed.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Invisible mode' })).toBeChecked();
    await context.close();
  });
});
