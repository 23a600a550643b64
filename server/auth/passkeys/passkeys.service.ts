import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Db } from '../../db/client';
import { enqueueEmail, type MailSettings } from '../../email/outbox';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { builtInAccountId } from '../builtin-account';
import { lockAccount } from '../idp/idp-accounts.queries';
import {
  countPasskeys,
  findPasskeyAccount,
  findPasskeyById,
  insertPasskey,
  listPasskeys,
  type PasskeyAccount,
  type PasskeyRow,
  recordPasskeyUse,
} from './passkeys.queries';

/** At most this many passkeys per account. */
export const PASSKEY_LIMIT = 10;
/** How long a challenge may be answered. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const TIMEOUT_MS = 4 * 60 * 1000;

export const passkeyMessages = {
  externalIssuer: 'Nycklar finns bara med Singelgolfs egen inloggning.',
  notFound: 'Nyckeln hittades inte.',
  limit: `Du kan ha högst ${PASSKEY_LIMIT} nycklar. Ta bort en innan du lägger till en ny.`,
  duplicate: 'Den här nyckeln är redan tillagd.',
  registrationFailed: 'Nyckeln kunde inte läggas till. Försök igen.',
  loginFailed: 'Nyckeln kunde inte verifieras. Försök igen eller logga in med lösenord.',
  unverified: 'Bekräfta din e-postadress med länken vi skickade innan du loggar in.',
} as const;

/** Where WebAuthn ceremonies happen: the site's origin and its host name as the RP ID. */
export interface WebAuthnSite {
  origin: string;
  rpID: string;
}

/** The WebAuthn settings of a PUBLIC_URL. */
export function webAuthnSite(publicUrl: string): WebAuthnSite {
  const url = new URL(publicUrl);
  return { origin: url.origin, rpID: url.hostname };
}

/** A challenge waiting for its answer (kept server-side, in the site session). */
export interface PendingChallenge {
  challenge: string;
  /** Epoch ms after which the challenge is refused. */
  expiresAt: number;
}

const pending = (challenge: string): PendingChallenge => ({
  challenge,
  expiresAt: Date.now() + CHALLENGE_TTL_MS,
});

/** A pending challenge's value if it is still valid, else null. */
export function liveChallenge(p: PendingChallenge | undefined | null): string | null {
  if (!p || typeof p.challenge !== 'string' || typeof p.expiresAt !== 'number') return null;
  return p.expiresAt > Date.now() ? p.challenge : null;
}

/** The built-in issuer account of a site member; passkeys exist only there. */
export async function passkeyAccountOf(
  db: Db,
  user: { oidcIssuer: string | null; oidcSubject: string | null },
): Promise<PasskeyAccount> {
  const accountId = builtInAccountId(user);
  const account = accountId ? await findPasskeyAccount(db, accountId) : undefined;
  if (!account) throw new NotFoundError(passkeyMessages.externalIssuer);
  return account;
}

/** The account's passkeys. */
export const passkeysOf = (db: Db, account: PasskeyAccount): Promise<PasskeyRow[]> =>
  listPasskeys(db, account.id);

/**
 * Options for adding a passkey: the account as the WebAuthn user (its id as user handle, so a
 * login can check the handle against the credential's owner), its keys excluded, a discoverable
 * credential required (conditional UI and 'Logga in med nyckel' find it without an e-mail).
 */
export async function registrationOptions(
  db: Db,
  site: WebAuthnSite,
  account: PasskeyAccount,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; pending: PendingChallenge }> {
  const existing = await listPasskeys(db, account.id);
  if (existing.length >= PASSKEY_LIMIT) throw new ConflictError(passkeyMessages.limit);
  const options = await generateRegistrationOptions({
    rpName: 'Singelgolf',
    rpID: site.rpID,
    userName: account.email,
    userID: new TextEncoder().encode(account.id),
    userDisplayName: `${account.firstName} ${account.lastName}`.trim(),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { options, pending: pending(options.challenge) };
}

export interface AddPasskeyInput {
  name: string;
  response: RegistrationResponseJSON;
  /** The challenge taken (and already cleared) from the session, or null when none was live. */
  expectedChallenge: string | null;
}

/**
 * Verifies a registration answer and stores the passkey, with the 'passkey-added' e-mail in the
 * same transaction. The account row is locked so two additions at once keep the limit.
 */
export async function addPasskey(
  db: Db,
  mail: MailSettings,
  site: WebAuthnSite,
  account: PasskeyAccount,
  input: AddPasskeyInput,
): Promise<PasskeyRow> {
  if (!input.expectedChallenge) throw new ValidationError(passkeyMessages.registrationFailed);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpID,
      // 'preferred' at registration: keys without a PIN or biometrics are accepted, like at login.
      requireUserVerification: false,
    });
  } catch {
    throw new ValidationError(passkeyMessages.registrationFailed);
  }
  if (!verified.verified) throw new ValidationError(passkeyMessages.registrationFailed);
  const info = verified.registrationInfo;
  const { credential } = info;

  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    if ((await countPasskeys(tx, account.id)) >= PASSKEY_LIMIT)
      throw new ConflictError(passkeyMessages.limit);
    const row = await insertPasskey(tx, {
      id: credential.id,
      accountId: account.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).filter((t) => typeof t === 'string').slice(0, 10),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: input.name,
    });
    if (!row) throw new ConflictError(passkeyMessages.duplicate);
    await enqueueEmail(tx, mail, {
      to: account.email,
      template: 'passkey-added',
      props: {
        firstName: account.firstName,
        passkeyName: row.name,
        securityUrl: `${mail.publicUrl}/profile#sakerhet`,
      },
    });
    return row;
  });
}

/**
 * Options for logging in with a passkey: no allowCredentials (discoverable credentials: the
 * authenticator offers the keys it holds for this site, and the answer names the account).
 */
export async function authenticationOptions(
  site: WebAuthnSite,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; pending: PendingChallenge }> {
  const options = await generateAuthenticationOptions({
    rpID: site.rpID,
    allowCredentials: [],
    userVerification: 'preferred',
    timeout: TIMEOUT_MS,
  });
  return { options, pending: pending(options.challenge) };
}

/**
 * Checks a login answer and answers the account it proves. Refuses (ValidationError, Swedish): no
 * live challenge, an unknown credential, a user handle that is not the credential's owner, a bad
 * signature, origin or RP ID, a counter that went backwards, an account whose address was never
 * confirmed. Records the use (counter, last used) on success.
 */
export async function verifyPasskeyLogin(
  db: Db,
  site: WebAuthnSite,
  response: AuthenticationResponseJSON,
  expectedChallenge: string | null,
): Promise<{ accountId: string; passkeyId: string }> {
  const fail = () => new ValidationError(passkeyMessages.loginFailed);
  if (!expectedChallenge) throw fail();
  const passkey = await findPasskeyById(db, response.id);
  if (!passkey) throw fail();
  // The authenticator returns the user handle it stored at registration (our account id).
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(passkey.accountId, 'utf8').toString('base64url')) throw fail();

  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      // userVerification 'preferred' (as the brief asks): presence is always required, a PIN or
      // biometrics only when the authenticator has them.
      requireUserVerification: false,
    });
  } catch {
    throw fail();
  }
  if (!verified.verified) throw fail();

  const account = await findPasskeyAccount(db, passkey.accountId);
  if (!account) throw fail();
  if (!account.emailVerifiedAt) throw new ValidationError(passkeyMessages.unverified);

  const recorded = await recordPasskeyUse(db, {
    id: passkey.id,
    counter: verified.authenticationInfo.newCounter,
    previousCounter: passkey.counter,
    backedUp: verified.authenticationInfo.credentialBackedUp,
  });
  if (!recorded) throw fail();
  return { accountId: account.id, passkeyId: passkey.id };
}
