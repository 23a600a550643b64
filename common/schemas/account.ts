import { z } from 'zod';
import { PASSKEY_NAME_MAX, PASSWORD_MAX } from '../limits';

/** Account security (profile 'Säkerhet' section, e-mail change links). Texts are Swedish. */

/** GET /api/me/security: what the member's login offers. */
export const securityInfoSchema = z.object({
  /** 'builtin': the site's own issuer (password, passkeys); 'external': another OpenID Connect issuer. */
  loginProvider: z.enum(['builtin', 'external']),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  pendingEmail: z.string().nullable(),
});
export type SecurityInfo = z.infer<typeof securityInfoSchema>;

/** POST /api/me/email/confirm and /api/me/email/cancel: the token from the e-mailed link. */
export const emailTokenBodySchema = z.object({
  token: z
    .string({ error: 'Länken är ogiltig' })
    .min(20, { error: 'Länken är ogiltig' })
    .max(200, { error: 'Länken är ogiltig' }),
});

/** The answer of a followed e-mail link: what happened, in Swedish. */
export const emailTokenResultSchema = z.object({
  message: z.string(),
  email: z.string().nullable(),
});
export type EmailTokenResult = z.infer<typeof emailTokenResultSchema>;

/** POST /api/me/password: change the password of the built-in issuer's account. */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'Ange ditt nuvarande lösenord' })
    .min(1, {
      error: 'Ange ditt nuvarande lösenord',
    })
    .max(PASSWORD_MAX, { error: 'Fel lösenord' }),
  newPassword: z.string({ error: 'Ange ett nytt lösenord' }).max(PASSWORD_MAX, {
    error: `Lösenordet får vara högst ${PASSWORD_MAX} tecken.`,
  }),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** A passkey as the member sees it in the list. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** PATCH /api/me/passkeys/{id}: a new name. */
export const passkeyNameSchema = z.object({
  name: z
    .string({ error: 'Ange ett namn' })
    .trim()
    .min(1, { error: 'Ange ett namn' })
    .max(PASSKEY_NAME_MAX, { error: `Namnet får vara högst ${PASSKEY_NAME_MAX} tecken` }),
});
