// Shared by the account tests of the built-in issuer (sign-up, linking, address change, passwords,
// 'Säkerhet'): the app they run on, the outbox, and who a browser is logged in as.
import { sql } from 'drizzle-orm';
import { outboundEmails } from '../db/schema';
import type { TestBrowser } from '../test/browser';
import { createTestContext, type TestContext } from '../test/test-app';

/** The app of an account test file: ADMIN_EMAILS names boss@ and chef@example.se. */
export function createAccountsContext(): Promise<TestContext> {
  return createTestContext({ ADMIN_EMAILS: 'boss@example.se,chef@example.se' });
}

/** Every outbox row addressed to `to` (compared in lower case), whatever its template. */
export const emailsTo = async (t: TestContext, to: string) =>
  t.db.select().from(outboundEmails).where(sql`lower(${outboundEmails.recipient}) = ${to}`);

/** GET /api/auth/user in the browser: the member its session belongs to, or 401. */
export const me = async (b: TestBrowser) => b.request('GET', '/api/auth/user');
