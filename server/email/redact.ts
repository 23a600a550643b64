/**
 * The one-time codes in e-mail links, hidden for everyone but the recipient (issue 28, item 3).
 * Administrators read the outbox on 'E-post' (GET /api/admin/emails); a reset, confirmation or
 * address-change link shown there in full would let any administrator log in as the member. So
 * every link that carries a code is shown with the code replaced by REDACTED_TOKEN, in the text
 * and the HTML alike: the redacted link leads to the site's 'Länken är ogiltig' page, never in.
 * Only the recipient's mailbox (and, without SMTP_URL, the operator's server log) holds the link.
 */

/** What stands where a code was: base64url characters only would look like a real code. */
export const REDACTED_TOKEN = 'DOLD';

/**
 * Each kind of link with a code, the part before the code and the characters a code is made of:
 * - /idp/verify/{token} and /idp/reset/{token} (sign-up confirmation, password reset);
 * - ?token= / &token= anywhere (the address change's confirm and cancel links, and any later kind);
 * - /api/unsubscribe/{token} (notification e-mails' one-click unsubscribe, signed per member);
 * - /api/calendar/feed/{token}.ics (a member's calendar feed, should one ever be e-mailed).
 */
const CODE_LINKS: RegExp[] = [
  /(\/idp\/(?:verify|reset)\/)[^\s/?#"'<>&)\]]+/g,
  /([?&](?:amp;)?(?:token|code|key)=)[^\s&#"'<>)\]]+/gi,
  /(\/api\/unsubscribe\/)[^\s/?#"'<>&)\]]+/g,
  /(\/api\/calendar\/feed\/)(?!reset\b)[^\s/?#"'<>&)\]]+?(?=\.ics\b|[\s/?#"'<>&)\]]|$)/g,
];

/** A text or HTML body with the code of every link that carries one replaced by REDACTED_TOKEN. */
export function redactTokens(body: string): string {
  let out = body;
  for (const re of CODE_LINKS) out = out.replace(re, `$1${REDACTED_TOKEN}`);
  return out;
}
