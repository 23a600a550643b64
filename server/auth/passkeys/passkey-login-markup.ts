import { escapeHtml as esc } from '@common/html';
import { assetUrl, passkeyLoginAsset, webAuthnBrowserAsset } from './passkey-assets';

/**
 * The passkey part of the built-in issuer's login page: a block hidden by default (the page works
 * without JavaScript; the script shows it only where the browser has WebAuthn) and the two scripts
 * (the SimpleWebAuthn browser bundle, then ours), both served from /idp/assets by
 * `passkeyIdpRoutes`, so the CSP's `script-src 'self'` allows them and no inline script is needed.
 */

/**
 * HTML to place under the password form of the login page of interaction `uid`. For conditional UI
 * (passkeys offered in the e-mail field's autofill) the e-mail input carries
 * `autocomplete="username webauthn"`.
 */
export function passkeyLoginMarkup(uid: string): string {
  return `<div id="passkey-login" hidden>
<p class="alt">eller</p>
<div class="error" id="passkey-error" role="alert" hidden></div>
<button type="button" id="passkey-button" data-uid="${esc(uid)}">Logga in med nyckel</button>
</div>
<script src="${esc(assetUrl(webAuthnBrowserAsset))}" defer></script>
<script src="${esc(assetUrl(passkeyLoginAsset))}" defer></script>`;
}
