import { ADMIN, expect, hasHorizontalScroll, loginAs, test } from './support';

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5];
const STROKE_INDEXES = [3, 7, 9, 1, 5, 4, 8, 6, 2];

test.describe('courses and tees (issue 29)', () => {
  test('an admin on a phone adds a 9-hole course, is told about a wrong stroke index, saves and finds it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, ADMIN);
    await page.goto('/admin/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Banor' })).toBeVisible();
    // The demo's courses are listed with their tees.
    const list = page.getByRole('list', { name: 'Banor' });
    await expect(list.getByText('Halmstad Golfklubb', { exact: false })).toBeVisible();

    await page.getByRole('link', { name: 'Lägg till bana' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ny bana' })).toBeVisible();
    const name = `Provbanan ${Date.now()}`;
    await page.getByLabel('Banans namn', { exact: true }).fill(name);
    await page.getByLabel('Klubb', { exact: true }).fill('Provklubbens GK');
    await page.getByLabel('Ort', { exact: true }).fill('Sigtuna');
    await page.getByLabel('Latitud', { exact: true }).fill('59.617');
    await page.getByLabel('Longitud', { exact: true }).fill('17.724');
    await page.getByText('9 hål', { exact: true }).click();
    await page.getByLabel('Teens namn', { exact: true }).fill('Gul');
    await page.getByLabel('Course rating herr').fill('35,6');
    await page.getByLabel('Slope herr').fill('128');
    await page.getByLabel('Course rating dam').fill('37,2');
    await page.getByLabel('Slope dam').fill('131');
    await expect(page.getByRole('row')).toHaveCount(10);
    for (const [i, par] of PARS.entries()) {
      await page.getByLabel(`Par hål ${i + 1}`).fill(String(par));
      // Hole 2 first gets hole 1's index: a stroke index used twice.
      await page.getByLabel(`Hcp-index hål ${i + 1}`).fill(String(i === 1 ? 3 : STROKE_INDEXES[i]));
    }
    await expect(page.getByText('Par 36 (summan av hålens par)')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole('button', { name: 'Spara banan' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Hcp-index 3 finns på flera hål: varje index 1–9 ska användas en gång' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/courses\/new$/);

    await page.getByLabel('Hcp-index hål 2').fill('7');
    await page.getByRole('button', { name: 'Spara banan' }).click();
    await expect(page).toHaveURL(/\/admin\/courses$/);
    const card = list.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText('Provklubbens GK, Sigtuna · 9 hål');
    await expect(card).toContainText('Herr: par 36, CR 35,6, slope 128');
    await expect(card).toContainText('Dam: par 36, CR 37,2, slope 131');

    // What the server stored is what was typed.
    const courses = (await (await page.request.get('/api/admin/courses')).json()) as {
      name: string;
      tees: { holesData: { par: number; strokeIndex: number }[] }[];
    }[];
    const stored = courses.find((c) => c.name === name);
    expect(stored?.tees[0].holesData.map((h) => h.strokeIndex)).toEqual(STROKE_INDEXES);
    expect(stored?.tees[0].holesData.map((h) => h.par)).toEqual(PARS);

    // Editing: the holes come from a CSV file in Swedish (semicolons), then the course is saved again.
    await card.getByRole('link', { name: `Ändra ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ändra bana' })).toBeVisible();
    await expect(page.getByLabel('Hcp-index hål 2')).toHaveValue('7');
    const csvIndexes = [1, 3, 5, 7, 9, 2, 4, 6, 8];
    const csv = [
      'Hål;Par;Hcp-index;Längd',
      ...PARS.map((par, i) => `${i + 1};${par};${csvIndexes[i]};${300 + i}`),
    ];
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Importera hål från CSV' }).click();
    await (await chooser).setFiles({
      name: 'hal.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv.join('\r\n')}`),
    });
    await expect(page.getByLabel('Hcp-index hål 2')).toHaveValue('3');
    await expect(page.getByLabel('Längd hål 9')).toHaveValue('308');
    await page.getByRole('button', { name: 'Spara banan' }).click();
    await expect(page).toHaveURL(/\/admin\/courses$/);
    const edited = (await (await page.request.get('/api/admin/courses')).json()) as typeof courses;
    const after = edited.find((c) => c.name === name);
    expect(after?.tees[0].holesData.map((h) => h.strokeIndex)).toEqual(csvIndexes);
  });
});
