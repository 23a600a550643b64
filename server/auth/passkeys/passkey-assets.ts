import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** A script served under /idp/assets: its bytes and a short hash of them (the cache-busting version). */
export interface PasskeyAsset {
  path: string;
  version: string;
  body: Buffer;
}

function asset(urlPath: string, file: string): PasskeyAsset {
  const body = readFileSync(file);
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  return { path: urlPath, version, body };
}

// The package's `exports` offer only its entry point; the UMD bundle sits beside it in dist/.
const browserEntry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
const browserBundle = path.join(path.dirname(browserEntry), '..', 'dist', 'bundle', 'index.umd.min.js');

/** The SimpleWebAuthn browser bundle (defines window.SimpleWebAuthnBrowser). */
export const webAuthnBrowserAsset = asset('/idp/assets/simplewebauthn-browser.js', browserBundle);

/** Our 'Logga in med nyckel' script. */
export const passkeyLoginAsset = asset(
  '/idp/assets/passkey-login.js',
  new URL('./passkey-login.browser.js', import.meta.url).pathname,
);

/** The address to put in a page: the version in the query lets the answer be cached for a year. */
export const assetUrl = (a: PasskeyAsset) => `${a.path}?v=${a.version}`;
