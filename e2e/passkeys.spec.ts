import type { CDPSession, Page } from '@playwright/test';
import { waitForEmail } from './mailbox';
import { expect, loginAs, PASSWORD, PRO, test, waitUntilLoggedIn } from './support';

/**
 * Passkeys in Chromium with its virtual authenticator (CDP WebAuthn domain): a platform
 * authenticator with resident keys and user verification that answers without a person.
 */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Användarmeny' }).click();
  await page.getByRole('menuitem', { name: 'Logga ut' }).click();
  await expect(page.getByRole('link', { name: 'Logga in' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Användarmeny' })).toHaveCount(0);
}

/** Checks a toast and closes it (it sits over the header's user menu at the top right). */
async function closeToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
  await expect(toast).toBeVisible();
  await toast.locator('button').click();
  await expect(toast).toHaveCount(0);
}

const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Inloggningsnycklar' });

test.describe('passkeys', () => {
  test('adds a passkey on the profile, logs in with it, renames and removes it', async ({
    page,
    consoleErrors,
  }) => {
    // Five logins and two logouts in one journey.
    test.setTimeout(180_000);
    consoleErrors.allow(
      /status of 400 [^)]*\) \(http:\/\/[^/]+\/idp\/interaction\/[^/]+\/passkey\/verify\)/,
      'the journey logs in with the removed key on purpose: its verification is refused',
    );
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    await loginAs(page, PRO);

    await page.goto('/profile');
    const section = passkeysSection(page);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText('Du har inga nycklar än.')).toBeVisible();
    await section.getByRole('button', { name: 'Lägg till nyckel' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Lägg till nyckel' });
    const nameField = addDialog.getByLabel('Namn på nyckeln');
    await expect(nameField).toHaveValue('Nyckel på den här enheten');
    await nameField.fill('Testdatorn');
    await addDialog.getByRole('button', { name: 'Fortsätt' }).click();
    await closeToast(page, 'Nyckeln är tillagd');
    await expect(addDialog).toHaveCount(0);
    const added = section.getByRole('listitem', { name: 'Testdatorn' });
    await expect(added).toBeVisible();
    await expect(added.getByText('Inte använd än')).toBeVisible();

    // The authenticator holds one discoverable credential for this site, and the member was told.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    expect(credentials[0].rpId).toBe('localhost');
    const mail = await waitForEmail(PRO, 'passkey');
    expect(mail.text).toContain('Testdatorn');

    await logOut(page);

    // Conditional UI: where the browser offers passkeys in the e-mail field's autofill, the login
    // page asks at once; Chromium's virtual authenticator answers without a person, so the member
    // lands logged in without typing anything.
    await page.goto('/api/login');
    await waitUntilLoggedIn(page);
    await logOut(page);

    // 'Logga in med nyckel' (a browser without conditional UI): the button asks the authenticator.
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await page.goto('/api/login');
    await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
    await page.getByRole('button', { name: 'Logga in med nyckel' }).click();
    await waitUntilLoggedIn(page);

    await page.goto('/profile');
    const used = passkeysSection(page).getByRole('listitem', { name: 'Testdatorn' });
    await used.scrollIntoViewIfNeeded();
    await expect(used.getByText(/^Senast använd /)).toBeVisible();

    // Rename: an empty name is refused in the dialog, a new one is saved.
    await used.getByRole('button', { name: 'Byt namn på Testdatorn' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Byt namn på nyckeln' });
    await renameDialog.getByLabel('Namn på nyckeln').fill('  ');
    await renameDialog.getByRole('button', { name: 'Spara' }).click();
    await expect(renameDialog.getByText('Ange ett namn')).toBeVisible();
    await renameDialog.getByLabel('Namn på nyckeln').fill('Jobbdatorn');
    await renameDialog.getByRole('button', { name: 'Spara' }).click();
    await expect(renameDialog).toHaveCount(0);
    await closeToast(page, 'Nyckeln har bytt namn');
    const renamed = passkeysSection(page).getByRole('listitem', { name: 'Jobbdatorn' });
    await expect(renamed).toBeVisible();

    // Remove, after a confirmation that can be cancelled.
    await renamed.getByRole('button', { name: 'Ta bort Jobbdatorn' }).click();
    const removeDialog = page.getByRole('dialog', { name: 'Ta bort nyckeln?' });
    await removeDialog.getByRole('button', { name: 'Avbryt' }).click();
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: 'Ta bort Jobbdatorn' }).click();
    await removeDialog.getByRole('button', { name: 'Ja, ta bort' }).click();
    await closeToast(page, 'Nyckeln är borttagen');
    await expect(passkeysSection(page).getByText('Du har inga nycklar än.')).toBeVisible();

    // The removed key no longer logs in: the page says so and the password still works.
    await logOut(page);
    await page.goto('/api/login');
    await page.getByRole('button', { name: 'Logga in med nyckel' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Nyckeln kunde inte verifieras. Försök igen eller logga in med lösenord.',
    );
    await page.getByLabel('E-post').fill(PRO);
    await page.getByLabel('Lösenord').fill(PASSWORD);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await waitUntilLoggedIn(page);
  });

  test('the login page works without JavaScript: no passkey button, the password form logs in', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/api/login');
    await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logga in med nyckel' })).toBeHidden();
    await page.getByLabel('E-post').fill(PRO);
    await page.getByLabel('Lösenord').fill(PASSWORD);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    // The site itself needs JavaScript; the login finished when the browser is back on it.
    await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/api'));
    await context.close();
  });
});
