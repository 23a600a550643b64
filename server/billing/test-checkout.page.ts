import { brandLinkHtml, ICON_LINKS } from '@common/brand-mark';
import { escapeHtml as esc } from '@common/html';
import { PRO_PRICE_SEK } from '@common/limits';
import { formatKr } from '@common/rules/money';

/** The built-in test payment mode's "hosted checkout": a plain form, clearly marked as a test. */

const style = `
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f1f8f3;color:#1b2b20}
main{max-width:440px;margin:0 auto;padding:24px 16px}
.brand{display:inline-flex;align-items:center;gap:10px;color:#2b8a3e;font-weight:700;font-size:1.5rem;text-decoration:none}
.test{background:#fff3bf;border:2px dashed #f08c00;color:#7a4a00;border-radius:10px;padding:12px 14px;margin-top:16px;font-weight:600}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:24px;margin-top:16px}
h1{font-size:1.35rem;margin:0 0 8px}
.price{font-size:1.1rem;margin:0 0 16px}
label{display:block;font-weight:600;margin:12px 0 4px;font-size:.95rem}
input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #ced4da;border-radius:8px;font-size:1rem}
button,.cancel{display:block;box-sizing:border-box;width:100%;margin-top:16px;padding:12px;border-radius:8px;font-size:1rem;font-weight:600;text-align:center;cursor:pointer;text-decoration:none}
button{border:0;background:#2b8a3e;color:#fff}
.cancel{border:1px solid #ced4da;background:#fff;color:#1b2b20}
.error{background:#fff0f0;border:1px solid #ffa8a8;color:#c92a2a;border-radius:8px;padding:10px 12px;margin-bottom:8px}
.hint{color:#5c6b61;font-size:.85rem;margin-top:6px}
`;

/** What a test session pays for: Pro (the default) or one event's fee. */
export interface TestCheckoutItem {
  title: string;
  /** The line under the title, e.g. '99 kr per månad · ingen bindningstid'. */
  priceLine: string;
  /** Whole kronor, on the button ('Betala 300 kr'). */
  amount: number;
}

const PRO_ITEM: TestCheckoutItem = {
  title: 'Singelgolf Pro-medlemskap',
  priceLine: `${formatKr(PRO_PRICE_SEK)} per månad · ingen bindningstid`,
  amount: PRO_PRICE_SEK,
};

/** The item of an event fee's test session. */
export const eventFeeItem = (eventTitle: string, amount: number): TestCheckoutItem => ({
  title: eventTitle,
  priceLine: `Anmälningsavgift ${formatKr(amount)} · engångsbetalning (kort eller Swish)`,
  amount,
});

/** The checkout page of one test session. */
export function testCheckoutPage(opts: {
  sessionId: string;
  cancelUrl: string;
  error?: string;
  item?: TestCheckoutItem;
  /** A checked same-site path to go on to after Pro (a declined card tried again keeps it, issue 27). */
  returnTo?: string;
}): string {
  const { sessionId, cancelUrl, error, item = PRO_ITEM, returnTo } = opts;
  const keep =
    returnTo && returnTo !== '/' ? `\n<input type="hidden" name="returnTo" value="${esc(returnTo)}">` : '';
  return `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Testbetalning – Singelgolf</title>${ICON_LINKS}<style>${style}</style></head>
<body><main>${brandLinkHtml()}
<div class="test" role="note">TESTBETALNING – detta är en testbetalning. Inga pengar dras och inga kortuppgifter sparas.</div>
<div class="card">
<h1>${esc(item.title)}</h1>
<p class="price">${esc(item.priceLine)}</p>
${error ? `<div class="error" role="alert">${esc(error)}</div>` : ''}
<form method="post" action="/test-checkout/${esc(sessionId)}/pay">${keep}
<label for="cardNumber">Kortnummer (test)</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="off" required maxlength="23" value="4242 4242 4242 4242">
<p class="hint">Testkort: 4242 4242 4242 4242 godkänns, 4000 0000 0000 0002 nekas.</p>
<button type="submit">Betala ${formatKr(item.amount)}</button>
</form>
<a class="cancel" href="${esc(cancelUrl)}">Avbryt</a>
</div></main></body></html>`;
}

/** A short page for a session that cannot be paid (unknown, another member's, or expired). */
export function testCheckoutMissingPage(message: string): string {
  return `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Testbetalning – Singelgolf</title>${ICON_LINKS}<style>${style}</style></head>
<body><main>${brandLinkHtml()}
<div class="test" role="note">TESTBETALNING</div>
<div class="card"><h1>${esc(message)}</h1><a class="cancel" href="/subscription">Tillbaka till prenumerationen</a></div>
</main></body></html>`;
}
