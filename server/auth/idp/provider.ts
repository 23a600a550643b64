import { randomBytes } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { getOrCreateSecret, newSigningJwk, randomSecret } from '../secrets';
import { createAdapterClass } from './adapter';
import { findAccountById } from './idp-accounts.queries';
import { errorPage, logoutPage } from './pages';

export const BUILT_IN_CLIENT_ID = 'singelgolf';

/** The built-in issuer and the credentials of the one client it knows (this site). */
export interface BuiltInIssuer {
  provider: Provider;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Creates the built-in OpenID Connect issuer (oidc-provider) mounted at /idp:
 * accounts in `idp_accounts`, storage in `idp_models`, keys in `server_secrets`.
 */
export async function createBuiltInIssuer(config: Config, database: Database): Promise<BuiltInIssuer> {
  const { db } = database;
  const issuer = `${config.publicUrl}/idp`;
  const jwk = await getOrCreateSecret(database, 'idp_signing_jwk', newSigningJwk);
  const cookieKeys = await getOrCreateSecret(database, 'idp_cookie_keys', () => [randomSecret()()]);
  const clientSecret = await getOrCreateSecret(database, 'idp_client_secret', randomSecret());

  const configuration: Configuration = {
    adapter: createAdapterClass(db),
    clients: [
      {
        client_id: BUILT_IN_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${config.publicUrl}/api/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: cookieKeys, long: { signed: true }, short: { signed: true } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    extraParams: ['screen_hint'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          // The page submits itself: allow exactly its one inline script.
          const nonce = randomBytes(16).toString('base64');
          ctx.set(
            'Content-Security-Policy',
            `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'`,
          );
          ctx.type = 'html';
          ctx.body = logoutPage(form, nonce);
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/idp/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 120,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    // This site is the only client: it needs no consent screen for its own scopes.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session?.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, id) => {
      const account = await findAccountById(db, id);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          // Only an address whose owner followed the link sent to it (accounts.ts verifyEmail).
          email_verified: !!account.emailVerifiedAt,
          given_name: account.firstName,
          family_name: account.lastName,
          name: `${account.firstName} ${account.lastName}`,
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error_description ?? out.error ?? 'Okänt fel');
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = config.TRUST_PROXY;
  return { provider, issuer, clientId: BUILT_IN_CLIENT_ID, clientSecret };
}
