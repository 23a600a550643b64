import { brandLinkHtml, ICON_LINKS } from '@common/brand-mark';
import { escapeHtml as esc } from '@common/html';
import { EMAIL_MAX_LENGTH } from '@common/limits';
import { passkeyLoginMarkup } from '../passkeys/passkey-login-markup';

/** Swedish HTML pages of the built-in identity provider. Plain forms: they work without JavaScript. */

const style = `
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f1f8f3;color:#1b2b20}
main{max-width:420px;margin:0 auto;padding:32px 16px}
.brand{display:inline-flex;align-items:center;gap:10px;color:#207a3b;font-weight:700;font-size:1.5rem;text-decoration:none}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:24px;margin-top:16px}
h1{font-size:1.4rem;margin:0 0 16px}
label{display:block;font-weight:600;margin:12px 0 4px;font-size:.95rem}
input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #ced4da;border-radius:8px;font-size:1rem}
label.check{display:flex;gap:8px;align-items:flex-start;font-weight:400;margin-top:16px}
label.check input{width:auto;flex:none;margin:3px 0 0;padding:0}
label.check span{min-width:0;overflow-wrap:anywhere}
button{width:100%;margin-top:20px;padding:12px;border:0;border-radius:8px;background:#207a3b;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
.notice{background:#ebfbee;border:1px solid #8ce99a;color:#1b2b20;border-radius:8px;padding:10px 12px;margin-bottom:8px}
.secondary{background:#fff;color:#207a3b;border:1px solid #207a3b}
.error{background:#fff0f0;border:1px solid #ffa8a8;color:#c92a2a;border-radius:8px;padding:10px 12px;margin-bottom:8px}
.alt{margin-top:16px;text-align:center}
a{color:#207a3b}
.row{display:flex;gap:12px}.row>div{flex:1}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} – Singelgolf</title>${ICON_LINKS}<style>${style}</style></head>
<body><main>${brandLinkHtml()}<div class="card">${body}</div></main></body></html>`;
}

const errorBox = (error?: string) => (error ? `<div class="error" role="alert">${esc(error)}</div>` : '');
const noticeBox = (notice?: string) =>
  notice ? `<div class="notice" role="status">${esc(notice)}</div>` : '';

/** 'Logga in' page of an interaction. */
export function loginPage(
  uid: string,
  opts: { email?: string; error?: string; notice?: string } = {},
): string {
  return layout(
    'Logga in',
    `<h1>Logga in</h1>${errorBox(opts.error)}${noticeBox(opts.notice)}
<form method="post" action="/idp/interaction/${esc(uid)}/login" autocomplete="on">
<label for="email">E-post</label><input id="email" name="email" type="email" required autocomplete="username webauthn" value="${esc(opts.email ?? '')}">
<label for="password">Lösenord</label><input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">Logga in</button></form>
${passkeyLoginMarkup(uid)}
<p class="alt"><a href="/idp/forgot">Glömt lösenordet?</a></p>
<p class="alt">Inget konto? <a href="/idp/interaction/${esc(uid)}/signup">Bli medlem</a></p>
<p class="alt"><a href="/idp/interaction/${esc(uid)}/abort">Avbryt</a></p>`,
  );
}

/** Login refused because the address was never confirmed: says so and offers a new link. */
export function unverifiedPage(email: string): string {
  return layout(
    'Bekräfta din e-postadress',
    `<h1>Du behöver bekräfta din e-postadress</h1>
<p>Innan du kan logga in behöver du följa länken som vi skickade till <strong>${esc(email)}</strong> när du skapade kontot.</p>
${resendForm(email)}`,
  );
}

function resendForm(email: string): string {
  return `<form method="post" action="/idp/resend"><input type="hidden" name="email" value="${esc(email)}">
<button type="submit" class="secondary">Skicka länken igen</button></form>
<p class="alt"><small>Hittar du inte e-postmeddelandet? Titta i skräpposten.</small></p>`;
}

/** After sign-up and 'Skicka länken igen': a link is on its way (the same words for every address). */
export function checkEmailPage(email: string): string {
  return layout(
    'Kolla din e-post',
    `<h1>Kolla din e-post</h1>
<p>Vi har skickat en länk till <strong>${esc(email)}</strong>. Följ länken inom 24 timmar för att bekräfta din e-postadress och logga in.</p>
<p>Har du redan ett konto med den adressen får du i stället ett meddelande om hur du loggar in.</p>
${resendForm(email)}
<p class="alt"><a href="/api/login">Till inloggningen</a></p>`,
  );
}

/** 'Glömt lösenordet?': the address to send a reset link to. */
export function forgotPage(opts: { email?: string; error?: string } = {}): string {
  return layout(
    'Glömt lösenordet?',
    `<h1>Glömt lösenordet?</h1>${errorBox(opts.error)}
<p>Skriv din e-postadress så skickar vi en länk där du kan välja ett nytt lösenord.</p>
<form method="post" action="/idp/forgot">
<label for="email">E-post</label><input id="email" name="email" type="email" required maxlength="${EMAIL_MAX_LENGTH}" autocomplete="email" value="${esc(opts.email ?? '')}">
<button type="submit">Skicka länk</button></form>
<p class="alt"><a href="/api/login">Tillbaka till inloggningen</a></p>`,
  );
}

/** After 'Skicka länk': the same answer whether or not the address has an account. */
export function forgotSentPage(email: string): string {
  return layout(
    'Kolla din e-post',
    `<h1>Kolla din e-post</h1>
<p>Om det finns ett konto för <strong>${esc(email)}</strong> har vi skickat en länk dit. Länken gäller i en timme och kan användas en gång.</p>
<p class="alt"><a href="/api/login">Tillbaka till inloggningen</a></p>`,
  );
}

/** The confirmation link's page: one button, so a mail scanner that opens links confirms nothing. */
export function verifyPage(token: string, email: string): string {
  return layout(
    'Bekräfta din e-postadress',
    `<h1>Bekräfta din e-postadress</h1>
<p>Bekräfta att <strong>${esc(email)}</strong> är din e-postadress. Sedan är du inloggad.</p>
<form method="post" action="/idp/verify/${esc(token)}"><button type="submit">Bekräfta</button></form>
<p class="alt"><small>Skapade du inte ett konto hos Singelgolf? Stäng sidan, så händer ingenting.</small></p>`,
  );
}

/** The reset link's page: the new password, twice. */
export function resetPage(token: string, email: string, error?: string): string {
  return layout(
    'Välj ett nytt lösenord',
    `<h1>Välj ett nytt lösenord</h1>${errorBox(error)}
<p>För kontot <strong>${esc(email)}</strong>.</p>
<form method="post" action="/idp/reset/${esc(token)}">
<input type="hidden" name="username" value="${esc(email)}" autocomplete="username">
<label for="password">Nytt lösenord</label><input id="password" name="password" type="password" required minlength="8" maxlength="200" autocomplete="new-password">
<label for="repeat">Upprepa lösenordet</label><input id="repeat" name="repeat" type="password" required minlength="8" maxlength="200" autocomplete="new-password">
<small>Minst 8 tecken, med både bokstäver och siffror. Alla dina inloggningar avslutas.</small>
<button type="submit">Spara lösenord</button></form>`,
  );
}

/** What a link did (or why it did nothing), with a way on. */
export function linkResultPage(
  title: string,
  message: string,
  link = { href: '/api/login', text: 'Logga in' },
) {
  return layout(
    title,
    `<h1>${esc(title)}</h1><p>${esc(message)}</p><p class="alt"><a href="${esc(link.href)}">${esc(link.text)}</a></p>`,
  );
}

/** 'Bli medlem' (sign-up) page of an interaction. */
export function signupPage(
  uid: string,
  opts: { firstName?: string; lastName?: string; email?: string; error?: string; acceptTerms?: boolean } = {},
): string {
  return layout(
    'Bli medlem',
    `<h1>Bli medlem</h1>${errorBox(opts.error)}
<form method="post" action="/idp/interaction/${esc(uid)}/signup" autocomplete="on">
<div class="row"><div><label for="firstName">Förnamn</label><input id="firstName" name="firstName" required maxlength="100" autocomplete="given-name" value="${esc(opts.firstName ?? '')}"></div>
<div><label for="lastName">Efternamn</label><input id="lastName" name="lastName" required maxlength="100" autocomplete="family-name" value="${esc(opts.lastName ?? '')}"></div></div>
<label for="email">E-post</label><input id="email" name="email" type="email" required maxlength="${EMAIL_MAX_LENGTH}" autocomplete="email" value="${esc(opts.email ?? '')}">
<label for="password">Lösenord</label><input id="password" name="password" type="password" required minlength="8" autocomplete="new-password">
<small>Minst 8 tecken, med både bokstäver och siffror.</small>
<label class="check"><input type="checkbox" name="acceptTerms" required${opts.acceptTerms ? ' checked' : ''}><span>Jag godkänner <a href="/villkor" target="_blank" rel="noopener">villkoren</a> och har läst <a href="/integritetspolicy" target="_blank" rel="noopener">integritetspolicyn</a>.</span></label>
<button type="submit">Skapa konto</button></form>
<p class="alt">Har du redan ett konto? <a href="/idp/interaction/${esc(uid)}/login">Logga in</a></p>`,
  );
}

/** Logout confirmation of the issuer: submits itself, with a button when scripts are off. */
export function logoutPage(form: string, nonce: string): string {
  return layout(
    'Logga ut',
    `<h1>Logga ut</h1>${form}<p>Du loggas ut från Singelgolf.</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes">Logga ut</button>
<script nonce="${nonce}">(function(f){if(!f)return;var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})(document.getElementById('op.logoutForm'));</script>`,
  );
}

/** An error page of the issuer. */
export function errorPage(message: string): string {
  return layout(
    'Något gick fel',
    `<h1>Något gick fel</h1><p>${esc(message)}</p><p class="alt"><a href="/">Tillbaka till startsidan</a></p>`,
  );
}
