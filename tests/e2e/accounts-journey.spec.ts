import { expect, test } from './fixtures.ts';
import {
  DAY,
  fillSignup,
  hydrated,
  mailCount,
  mailedLink,
  moveClock,
  signupDialog,
  useAccountsServer,
  uniqueEmail,
  url,
  visitorContext,
} from './accounts-support.ts';
import { withInspector } from '../support/database.ts';

/*
 * The whole life of an account as a member meets it, in one browser: signing up in the modal,
 * the activation e-mail, logging out and in, the language, the password and the address, deleting
 * the account and taking it back, and, fourteen days after a second deletion, nothing left.
 */

const app = useAccountsServer();

test.describe.configure({ mode: 'serial' });

test('an account from signup to erasure', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await visitorContext(browser);
  const page = await context.newPage();
  const email = uniqueEmail('journey');
  const password = 'blue tulips at dawn 42';

  await test.step('sign up in the modal, from a signup link', async () => {
    await page.goto(url(app.server, '/login'));
    await page.getByRole('link', { name: 'Sign up free' }).click();
    const dialog = signupDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Sign up free' })).toBeVisible();
    // The niche's defaults are chosen already (general: a man seeking women).
    await expect(dialog.getByRole('radio', { name: 'Man', exact: true })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'Women', exact: true })).toBeChecked();
    await fillSignup(dialog, {
      name: 'Robin',
      day: '17',
      month: '5',
      year: '1990',
      email,
      password,
      message: 'Hello there!',
    });
    await dialog.getByRole('button', { name: 'Create my free account' }).click();
    await expect(page).toHaveURL(/\/complete-signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Robin!');
    await expect(page.getByText(email)).toBeVisible();
  });

  await test.step('the activation reminder shows until the e-mailed link is opened', async () => {
    await page.getByRole('link', { name: 'Start meeting people' }).click();
    await expect(page).toHaveURL(/\/members\?api_signup_complete=1$/);
    await expect(page.getByRole('heading', { name: 'Please confirm your e-mail address' })).toBeVisible();
    const { link } = await mailedLink(app.server, email, '/api/activate.php');
    await page.goto(url(app.server, link.pathname + link.search));
    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail address is confirmed');
    await page.goto(url(app.server, '/members'));
    await expect(page.getByRole('heading', { name: 'Search members' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Please confirm your e-mail address' })).toHaveCount(0);
  });

  await test.step('log out from the account menu, back at the root', async () => {
    await page.locator('summary', { hasText: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(url(app.server, '/'));
    await page.goto(url(app.server, '/settings'));
    await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);
  });

  await test.step('log in and come back to the page that asked for it', async () => {
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    // The language menu saves the choice to the account from the navigation's island.
    await hydrated(page);
  });

  await test.step('switch to German: the page and the account follow', async () => {
    // The switcher offers the languages of the visitor's country (spec §9): here Germany's.
    await page.setExtraHTTPHeaders({ 'x-country-code': 'DE' });
    await page.reload();
    await hydrated(page);
    await page.locator('.lang-switcher summary').click();
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/settings$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
    const answer = await context.request.get(url(app.server, '/api/user.php'), {
      headers: { 'x-client-request': '1' },
    });
    expect((await answer.json()).user.language).toBe('de');
  });

  const newPassword = 'green meadows in june 7';
  await test.step('change the password, staying logged in here', async () => {
    const section = page.locator('#password');
    await section.getByLabel('Aktuelles Passwort').fill(password);
    await section.getByLabel('Neues Passwort').fill(newPassword);
    await expect(section.getByLabel('Auf diesem Gerät eingeloggt bleiben')).toBeChecked();
    await section.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(section.getByText('Dein Passwort ist geändert.')).toBeVisible();
  });

  const newEmail = uniqueEmail('moved');
  await test.step('change the e-mail address through the link sent to the new one, in German', async () => {
    const section = page.locator('#email');
    await section.getByLabel('Neue E-Mail-Adresse').fill(newEmail);
    await section.getByLabel('Dein Passwort').fill(newPassword);
    await section.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await expect(section.getByText(`Wir haben einen Link an ${newEmail} geschickt.`)).toBeVisible();
    const { mail, link } = await mailedLink(app.server, newEmail, '/api/mail-change.php');
    expect(mail.subject).toContain('Bestätige deine neue E-Mail-Adresse');
    await page.goto(url(app.server, link.pathname + link.search));
    await expect(page).toHaveURL(/\/mail-change\/do\?status=done$/);
    await page.goto(url(app.server, '/de/settings'));
    await expect(page.locator('#email strong')).toHaveText(newEmail);
  });

  await test.step('delete the account: alternatives first, then a reason, then the password', async () => {
    const section = page.locator('#delete');
    await section.getByRole('button', { name: 'Mein Konto löschen …' }).click();
    await expect(section.getByRole('heading', { name: 'Bevor du gehst' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'E-Mail-Adresse ändern' })).toBeVisible();
    await section.getByRole('button', { name: 'Weiter' }).click();
    await section.getByRole('button', { name: 'Weiter' }).click();
    await expect(section.getByText('Bitte wähle einen Grund')).toBeVisible();
    await section.getByLabel('Ich möchte eine Pause machen').check();
    await section.getByLabel('Möchtest du uns noch etwas sagen? (freiwillig)').fill('Back in spring.');
    await section.getByRole('button', { name: 'Weiter' }).click();
    await section.getByLabel('Dein Passwort').fill(newPassword);
    await section.getByRole('button', { name: 'Mein Konto löschen' }).click();
    await expect(page).toHaveURL(/\/de\/account-deleted\?until=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dein Konto ist gelöscht');
    await page.goto(url(app.server, '/de/settings'));
    await expect(page).toHaveURL(/\/de\/login\?next=/);
  });

  await test.step('take it back within 14 days with the e-mailed link', async () => {
    const { link } = await mailedLink(app.server, newEmail, '/account-deleted');
    await page.goto(url(app.server, link.pathname + link.search));
    await page.getByRole('button', { name: 'Mein Konto wiederherstellen' }).click();
    await expect(page).toHaveURL(/\/de\/members$/);
    await expect(page.getByRole('heading', { name: 'Mitglieder suchen' })).toBeVisible();
  });

  await test.step('fourteen days after deleting again, nothing personal remains', async () => {
    const before = mailCount(app.server, newEmail);
    // Deleted through the API, the account's open member page would find its session ended at
    // its next call and go to the root, racing this step's own navigation: it is closed first.
    await page.goto('about:blank');
    const deleted = await context.request.delete(url(app.server, '/api/account.php'), {
      data: { password: newPassword, reason: 'other' },
      headers: { origin: `http://localhost:${app.server.port}` },
    });
    expect(deleted.status()).toBe(200);
    const { link } = await mailedLink(app.server, newEmail, '/account-deleted', before);
    moveClock(app.server, 15 * DAY);
    // The erasure job runs every half second under the test clock.
    await expect
      .poll(() => withInspector(app.server, (inspect) => inspect.count('members', { email: newEmail })))
      .toBe(0);
    await page.goto(url(app.server, link.pathname + link.search));
    await page.getByRole('button', { name: 'Mein Konto wiederherstellen' }).click();
    await expect(page.getByText('Link abgelaufen oder ungültig')).toBeVisible();
    await page.goto(url(app.server, '/de/login'));
    await page.getByLabel('E-Mail-Adresse').fill(newEmail);
    await page.getByLabel('Passwort', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await expect(page.getByText('Anmeldung fehlgeschlagen, bitte versuche es erneut')).toBeVisible();
    moveClock(app.server, 0);
  });

  await context.close();
});
