import { z } from 'zod';

/**
 * Request bodies carrying a browser's WebAuthn answer (what @simplewebauthn/browser's
 * startRegistration / startAuthentication give). Only shape and size are checked here; the
 * contents are verified by @simplewebauthn/server.
 */

const error = 'Nyckelns svar är ogiltigt.';
const b64url = (max: number) =>
  z
    .string({ error })
    .max(max, { error })
    .regex(/^[A-Za-z0-9_-]*$/, { error });
const transports = z.array(z.string({ error }).max(30, { error }), { error }).max(10, { error });
const attachment = z.enum(['platform', 'cross-platform'], { error }).optional();
const extensions = z.record(z.string(), z.unknown(), { error }).default({});

export const registrationResponseSchema = z.object(
  {
    id: b64url(1400).min(1, { error }),
    rawId: b64url(1400).min(1, { error }),
    type: z.literal('public-key', { error }),
    response: z.looseObject(
      {
        clientDataJSON: b64url(8000).min(1, { error }),
        attestationObject: b64url(32000).min(1, { error }),
        authenticatorData: b64url(16000).optional(),
        transports: transports.optional(),
        publicKeyAlgorithm: z.number({ error }).int({ error }).optional(),
        publicKey: b64url(16000).optional(),
      },
      { error },
    ),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensions,
  },
  { error },
);

export const authenticationResponseSchema = z.object(
  {
    id: b64url(1400).min(1, { error }),
    rawId: b64url(1400).min(1, { error }),
    type: z.literal('public-key', { error }),
    response: z.looseObject(
      {
        clientDataJSON: b64url(8000).min(1, { error }),
        authenticatorData: b64url(16000).min(1, { error }),
        signature: b64url(2000).min(1, { error }),
        userHandle: b64url(200).optional(),
      },
      { error },
    ),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensions,
  },
  { error },
);

/** Path parameter: a passkey's credential id (base64url). */
export const passkeyIdParamsSchema = z.object({
  id: z
    .string({ error: 'Nyckeln hittades inte.' })
    .min(1, { error: 'Nyckeln hittades inte.' })
    .max(1400, { error: 'Nyckeln hittades inte.' }),
});
