import * as client from 'openid-client';
import type { Config } from '../config';

/** Where the relying party finds its issuer and how it talks to it. */
export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** For the built-in issuer: answer requests in process instead of over the network. */
  fetch?: client.CustomFetch;
}

/**
 * The site as an OpenID Connect relying party (openid-client). Discovery is
 * done once, on first use, and kept.
 */
export function createRelyingParty(config: Config, opts: RelyingPartyOptions) {
  let configuration: Promise<client.Configuration> | null = null;

  const getConfiguration = () => {
    configuration ??= client
      .discovery(new URL(opts.issuer), opts.clientId, opts.clientSecret, undefined, {
        ...(opts.fetch ? { [client.customFetch]: opts.fetch } : {}),
        execute: opts.issuer.startsWith('http:') ? [client.allowInsecureRequests] : [],
      })
      .then((c) => {
        if (opts.fetch) c[client.customFetch] = opts.fetch;
        return c;
      })
      .catch((err) => {
        configuration = null;
        throw err;
      });
    return configuration;
  };

  const redirectUri = `${config.publicUrl}/api/callback`;

  return {
    issuer: opts.issuer,

    /** Starts a login: the URL to send the browser to, and the checks to keep in the session. */
    async startLogin(screenHint?: 'signup') {
      const c = await getConfiguration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const params: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      };
      if (screenHint) params.screen_hint = screenHint;
      return { url: client.buildAuthorizationUrl(c, params).href, codeVerifier, state, nonce };
    },

    /** Finishes a login from the callback URL: checks state, nonce and PKCE, and answers the claims. */
    async finishLogin(currentUrl: URL, checks: { codeVerifier: string; state: string; nonce: string }) {
      const c = await getConfiguration();
      const tokens = await client.authorizationCodeGrant(c, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      let info: Record<string, unknown> = { ...claims };
      if (!claims.email && tokens.access_token) {
        info = { ...info, ...(await client.fetchUserInfo(c, tokens.access_token, claims.sub)) };
      }
      return { claims: info as client.IDToken & Record<string, unknown>, idToken: tokens.id_token };
    },

    /** Where to send the browser to end the issuer's session too (when it supports that). */
    async logoutUrl(idToken: string | undefined): Promise<string | null> {
      const c = await getConfiguration();
      if (!c.serverMetadata().end_session_endpoint) return null;
      const params: Record<string, string> = { post_logout_redirect_uri: `${config.publicUrl}/` };
      if (idToken) params.id_token_hint = idToken;
      else params.client_id = opts.clientId;
      return client.buildEndSessionUrl(c, params).href;
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
