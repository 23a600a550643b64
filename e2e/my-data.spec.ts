import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expect, FREE, ISSUER_REFUSAL, loginAs, signUp, test, uniqueEmail } from './support';

test.describe('my data', () => {
  test("a member downloads everything the site keeps about them from the profile's 'Dina uppgifter'", async ({
    page,
  }) => {
    await loginAs(page, FREE);
    await page.goto('/profile#mina-uppgifter');
    const section = page.getByRole('region', { name: 'Dina uppgifter' });
    await expect(section).toBeInViewport();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Ladda ner mina uppgifter' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^singelgolf-mina-uppgifter-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'profile.json',
        'registrations.json',
        'messages.json',
        'notifications.json',
        'payments.json',
      ]),
    );
    const profile = JSON.parse(new TextDecoder().decode(files['profile.json']));
    expect(profile.profile.email).toBe(FREE);
  });

  test('a new member deletes the account in two steps: logged out, and the old login no longer works', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(ISSUER_REFUSAL, "the journey tries the deleted account's login on purpose: refused");
    test.setTimeout(90_000);
    const member = {
      firstName: 'Tove',
      lastName: 'Lämnar',
      email: uniqueEmail('tove'),
      password: 'golf1234golf',
    };
    await signUp(page, member);
    await page.goto('/profile#mina-uppgifter');
    const section = page.getByRole('region', { name: 'Dina uppgifter' });
    await section.getByRole('button', { name: 'Ta bort mitt konto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ta bort ditt konto?' });
    await expect(dialog.getByText("avsändaren 'Borttagen medlem'")).toBeVisible();
    const remove = dialog.getByRole('button', { name: 'Ta bort mitt konto' });
    await expect(remove).toBeDisabled();
    await dialog.getByRole('checkbox', { name: /Jag förstår att mitt konto/ }).check();
    await remove.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Användarmeny' })).toHaveCount(0);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    await page.goto('/api/login');
    await page.getByLabel('E-post').fill(member.email);
    await page.getByLabel('Lösenord').fill(member.password);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(page.getByText(/Fel e-postadress eller lösenord/)).toBeVisible();
  });
});
