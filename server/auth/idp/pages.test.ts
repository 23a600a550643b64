import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, startLogin } from '../../test/browser';
import { createTestContext, type TestContext } from '../../test/test-app';

/** The issuer's own pages carry the site's brand (issue 26): its icons and its logo mark, no emoji. */
describe("the issuer's pages: icons and logo", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  for (const screen of [undefined, 'signup'] as const) {
    it(`links the site's icons and shows the mark beside the name on the ${screen ?? 'login'} page`, async () => {
      const b = browser(t.app);
      const start = await b.go('GET', screen ? '/api/login?screen=signup' : '/api/login');
      const uid = new URL(start.url).pathname.split('/')[3];
      expect(uid).toBeTruthy();
      const { res } = await b.go('GET', `/idp/interaction/${uid}/${screen ?? 'login'}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      // A browser asks /favicon.ico of a page without an icon link: the 404 was a console error.
      expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
      expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
      expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
      // The mark is an inline SVG hidden from assistive technology: the link is named by its text.
      const brand = /<a class="brand" href="\/">(.*?)<\/a>/s.exec(html)?.[1] ?? '';
      expect(brand).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*>.*<\/svg><span>Singelgolf<\/span>$/s);
      expect(html).not.toContain('⛳');
      // The page's policy lets the browser load the icons from the site.
      expect(String(res.headers['content-security-policy'])).toMatch(/img-src 'self'/);
    });
  }

  it('shows the same on the pages the issuer answers without an interaction (forgot password)', async () => {
    const b = browser(t.app);
    await startLogin(b);
    const { res } = await b.go('GET', '/idp/forgot');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<span>Singelgolf</span></a>');
    expect(res.body).toContain('href="/favicon.svg"');
    expect(res.body).not.toContain('⛳');
  });
});
