import { describe, expect, it } from 'vitest';
import { linksIn } from '../outbox';
import { renderEmail, type TemplateName, type TemplateProps, templateNames } from './index';

const base = 'https://singelgolf.example';
const u = (path: string) => `${base}${path}`;

/** `greeting` 'Hej!' for the e-mails to an address nobody has proven: they take no name (issue 28). */
const cases: {
  [K in TemplateName]: { props: TemplateProps[K]; subject: string; mentions: string[]; greeting?: string };
} = {
  'verify-email': {
    props: { url: u('/verify-email?token=a') },
    subject: 'Bekräfta din e-postadress',
    greeting: 'Hej!',
    mentions: ['24 timmar'],
  },
  'signup-existing': {
    props: { firstName: 'Anna', loginUrl: u('/login'), resetUrl: u('/reset-password') },
    subject: 'Du har redan ett konto på Singelgolf',
    mentions: ['inget nytt konto skapades', 'Var det inte du behöver du inte göra någonting'],
  },
  'password-reset': {
    props: { firstName: 'Anna', url: u('/reset-password?token=b') },
    subject: 'Återställ ditt lösenord',
    mentions: ['en timme', 'bortse från det här meddelandet'],
  },
  'password-changed': {
    props: { firstName: 'Anna', resetUrl: u('/reset-password') },
    subject: 'Ditt lösenord har ändrats',
    mentions: ['loggats ut på alla enheter', 'Var det inte du?'],
  },
  'login-locked': {
    props: { firstName: 'Anna', minutes: 15, resetUrl: u('/reset-password') },
    subject: 'Inloggningen till ditt konto är tillfälligt spärrad',
    mentions: ['10 gånger inom en timme', 'under de närmaste 15 minuterna'],
  },
  'email-change-confirm': {
    props: { newEmail: 'ny@example.com', url: u('/confirm-email?token=c') },
    subject: 'Bekräfta din nya e-postadress',
    greeting: 'Hej!',
    mentions: ['ny@example.com', '24 timmar'],
  },
  'email-change-notice': {
    props: { firstName: 'Anna', newEmail: 'ny@example.com', cancelUrl: u('/cancel-email-change?token=d') },
    subject: 'Din e-postadress håller på att ändras',
    mentions: ['ny@example.com', 'Avbryt bytet'],
  },
  'email-changed': {
    props: { firstName: 'Anna', newEmail: 'ny@example.com' },
    subject: 'Din e-postadress har ändrats',
    mentions: ['ny@example.com'],
  },
  'email-in-use': {
    props: {},
    subject: 'Någon försökte använda din e-postadress',
    greeting: 'Hej!',
    mentions: ['Adressen hör redan till ditt konto', 'inget har ändrats'],
  },
  'passkey-added': {
    props: { firstName: 'Anna', passkeyName: 'Min telefon', securityUrl: u('/profile/security') },
    subject: 'En ny passkey har lagts till på ditt konto',
    mentions: ['Min telefon'],
  },
  'pro-withdrawal': {
    props: {
      firstName: 'Anna',
      withdrawnAt: '24 november 2026',
      purchasedAt: '20 november 2026',
      refundAmount: 99,
      amountPaid: 99,
    },
    subject: 'Kvitto: du har ångrat köpet av Pro',
    mentions: ['99 kr av betalda 99 kr', '20 november 2026', 'ångrat köpet'],
  },
  'account-deleted': {
    props: { firstName: 'Anna', date: '24 november 2026', endedPro: true },
    subject: 'Ditt konto på Singelgolf är borttaget',
    mentions: ['24 november 2026', 'Borttagen medlem', 'Pro-medlemskap är avslutat'],
  },
  'report-received': {
    props: {
      firstName: 'Anna',
      what: 'ett meddelande',
      reasonLabel: 'Trakasserier',
      receivedAt: '24 november 2026',
    },
    subject: 'Vi har tagit emot din anmälan',
    mentions: ['ett meddelande (Trakasserier)', 'får inte veta vem som anmälde'],
  },
  'report-outcome': {
    props: { firstName: 'Anna', what: 'en profil', outcome: 'Vi har stängt av medlemmen.' },
    subject: 'Beslut om din anmälan',
    mentions: ['anmälan av en profil', 'Vi har stängt av medlemmen.'],
  },
  'moderation-decision': {
    props: {
      firstName: 'Anna',
      what: 'ett meddelande du skickade',
      decision: 'Meddelandet är borttaget.',
      statement: 'Meddelandet innehöll ett hot.',
      rule: '1. Var respektfull',
      decidedAt: '24 november 2026',
      appealAddress: 'moderering@singelgolf.example',
    },
    subject: 'Beslut från Singelgolfs moderatorer',
    mentions: [
      'Beslut: Meddelandet är borttaget.',
      'Skäl: Meddelandet innehöll ett hot.',
      'Regel: 1. Var respektfull',
      'överklaga inom sex månader',
      'moderering@singelgolf.example',
    ],
  },
  'account-reinstated': {
    props: { firstName: 'Anna', loginUrl: u('/api/login') },
    subject: 'Ditt konto är öppnat igen',
    mentions: ['Avstängningen av ditt konto på Singelgolf är hävd'],
  },
  notification: {
    props: {
      firstName: 'Anna',
      title: 'Evenemanget är inställt: Höstresa',
      body: 'Höstresa den 6 juni är inställd.',
      url: u('/events/12'),
      typeLabel: 'Inställt evenemang',
      unsubscribeUrl: u('/api/unsubscribe/abc.def'),
      settingsUrl: u('/profile'),
    },
    subject: 'Evenemanget är inställt: Höstresa',
    mentions: ['Höstresa den 6 juni är inställd.', 'Avsluta e-post om inställt evenemang'],
  },
};

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('e-mail templates', () => {
  it('has a case for every template', () => {
    expect(Object.keys(cases).sort()).toEqual([...templateNames].sort());
  });

  for (const name of templateNames) {
    it(`${name}: Swedish subject, both parts in the shared layout, only absolute links under PUBLIC_URL`, async () => {
      const c = cases[name];
      const r = await renderEmail(name, c.props as never, base);
      expect(r.subject).toBe(c.subject);
      expect(r.html).toMatch(/^<!DOCTYPE html/i);
      expect(r.html).toContain('lang="sv"');
      expect(r.html).toContain('⛳ Singelgolf');
      expect(r.html).toContain('#2b8a3e');
      expect(r.html).toContain('Du får det här e-postmeddelandet eftersom');
      expect(r.text).toContain(c.greeting ?? 'Hej Anna!');
      expect(r.text).toContain('Du får det här e-postmeddelandet eftersom');
      for (const m of c.mentions) expect(r.text).toContain(m);
      // The text part is text: no markup, and the hidden preview line is left out of it.
      expect(r.text).not.toMatch(/<[a-z][^>]*>/i);
      const links = [...linksIn(r.text), ...hrefs(r.html)];
      for (const link of links) expect(link.startsWith(`${base}/`), link).toBe(true);
      for (const [key, value] of Object.entries(c.props)) {
        if (!/(^url|Url)$/.test(key)) continue;
        expect(linksIn(r.text)).toContain(value);
        expect(hrefs(r.html)).toContain(value);
      }
    });
  }

  it('refuses a relative link or one to another site', async () => {
    await expect(
      renderEmail('password-reset', { firstName: 'A', url: '/reset-password' }, base),
    ).rejects.toThrow(/absolute URL/);
    await expect(
      renderEmail('password-reset', { firstName: 'A', url: 'https://singelgolf.example.evil.test/x' }, base),
    ).rejects.toThrow(/absolute URL/);
    await expect(renderEmail('verify-email', { url: 'javascript:alert(1)' }, base)).rejects.toThrow(
      /absolute URL/,
    );
  });

  it('greets without a name when there is none, and escapes what members typed', async () => {
    const r = await renderEmail(
      'passkey-added',
      { firstName: '  ', passkeyName: '<img src=x onerror=alert(1)>', securityUrl: u('/profile/security') },
      base,
    );
    expect(r.text).toContain('Hej!');
    expect(r.html).not.toContain('<img src=x');
    expect(r.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('says "den närmaste minuten" for a single minute', async () => {
    const r = await renderEmail('login-locked', { firstName: 'A', minutes: 1, resetUrl: u('/r') }, base);
    expect(r.text).toContain('under den närmaste minuten.');
  });
});
