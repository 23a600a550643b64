import { ADMIN, expect, loginAs, PRO, test } from './support';

test.describe('rough edges (issue 18)', () => {
  test('a member who opens /events/new goes to the start page, not to a form that fails', async ({
    page,
  }) => {
    await loginAs(page, PRO);
    await page.goto('/events/new');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Skapa evenemang' })).toHaveCount(0);
  });

  test("on a 390 px phone nothing floats over the rows: 'Ändra' is clickable everywhere, feedback sits in the footer", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, ADMIN);
    await page.goto('/admin/members');
    const edit = page.getByRole('button', { name: 'Ändra' });
    await expect(edit.first()).toBeVisible();
    const count = Math.min(await edit.count(), 12);
    for (let i = 0; i < count; i++) {
      const button = edit.nth(i);
      await button.scrollIntoViewIfNeeded();
      // What is drawn at the button's centre is the button itself, not something on top of it.
      const onTop = await button.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && el.contains(hit);
      });
      expect(onTop, `'Ändra' ${i + 1} is covered`).toBe(true);
    }
    const feedback = page.getByRole('button', { name: 'Lämna feedback' });
    await expect(feedback).toHaveCount(1);
    await feedback.scrollIntoViewIfNeeded();
    await expect(page.locator('footer').getByRole('button', { name: 'Lämna feedback' })).toBeVisible();
    await feedback.click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test.describe('keyboard', () => {
  test("the first Tab reaches 'Hoppa till innehållet', which moves focus to the page's content", async ({
    page,
  }) => {
    await page.goto('/events');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Hoppa till innehållet' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });
});
