// 'Logga in med nyckel' on the built-in issuer's login page. Plain browser script (no build step),
// served by passkeyIdpRoutes after the SimpleWebAuthn browser bundle (window.SimpleWebAuthnBrowser).
// Without JavaScript or WebAuthn the passkey block stays hidden and the password form is the page.
(() => {
  const block = document.getElementById('passkey-login');
  const button = document.getElementById('passkey-button');
  const errorBox = document.getElementById('passkey-error');
  const lib = window.SimpleWebAuthnBrowser;
  if (!block || !button || !errorBox || !lib || !window.PublicKeyCredential) return;
  if (!lib.browserSupportsWebAuthn()) return;

  const base = `/idp/interaction/${encodeURIComponent(button.getAttribute('data-uid') || '')}/passkey/`;
  const FAILED = 'Nyckeln kunde inte verifieras. Försök igen eller logga in med lösenord.';
  const CANCELLED = 'Inloggningen med nyckel avbröts. Försök igen eller logga in med lösenord.';
  block.hidden = false;

  function showError(message) {
    errorBox.textContent = message;
    errorBox.hidden = false;
  }

  /** A refusal the server explained (its Swedish message). */
  class ServerError extends Error {}

  async function post(path, body) {
    const res = await fetch(base + path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body || {}),
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new ServerError(typeof data.message === 'string' ? data.message : FAILED);
    return data;
  }

  // One ceremony at a time: SimpleWebAuthn aborts a waiting autofill request when the button
  // starts a modal one, and the server keeps only the newest challenge.
  async function login(autofill) {
    const optionsJSON = await post('options');
    const response = await lib.startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
    const result = await post('verify', { response });
    const target = new URL(result.redirectTo, window.location.href);
    if (target.origin !== window.location.origin) throw new ServerError(FAILED);
    window.location.assign(target.href);
  }

  const aborted = (err) => err && (err.name === 'AbortError' || err.code === 'ERROR_CEREMONY_ABORTED');

  function explain(err) {
    if (err instanceof ServerError) return err.message;
    if (err && (err.name === 'NotAllowedError' || err.cause?.name === 'NotAllowedError')) return CANCELLED;
    return FAILED;
  }

  async function autofill() {
    try {
      if (!(await lib.browserSupportsWebAuthnAutofill())) return;
      await login(true);
    } catch (err) {
      // The autofill request is aborted whenever the button is used; only a real failure is shown.
      if (!aborted(err)) showError(explain(err));
    }
  }

  button.addEventListener('click', async () => {
    button.disabled = true;
    errorBox.hidden = true;
    try {
      await login(false);
    } catch (err) {
      if (!aborted(err)) showError(explain(err));
      button.disabled = false;
      autofill();
    }
  });

  autofill();
})();
