import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpAccounts } from '../../db/schema';
import { DUMMY_HASH_PROMISE, hashPassword, passwordWeakness, verifyPassword } from '../passwords';

export interface SignupInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks e-mail and password; the answer takes as long whether or not the e-mail exists. */
export async function authenticate(db: Db, email: string, password: string): Promise<string | null> {
  const rows = await db
    .select({ id: idpAccounts.id, passwordHash: idpAccounts.passwordHash })
    .from(idpAccounts)
    .where(sql`lower(${idpAccounts.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  const account = rows[0];
  const ok = await verifyPassword(password, account?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  return account && ok ? account.id : null;
}

/** Creates an account, or answers the Swedish reason it cannot. */
export async function signup(db: Db, input: SignupInput): Promise<{ id: string } | { error: string }> {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = input.email.trim().toLowerCase();
  if (!firstName || !lastName) return { error: 'Fyll i både förnamn och efternamn.' };
  if (firstName.length > 100 || lastName.length > 100) return { error: 'Namnet är för långt.' };
  if (!EMAIL_RE.test(email) || email.length > 320) return { error: 'Ange en giltig e-postadress.' };
  const weakness = passwordWeakness(input.password, email);
  // Hash before looking the address up, so a taken address answers no faster.
  const passwordHash = await hashPassword(input.password);
  if (weakness) return { error: weakness };
  const inserted = await db
    .insert(idpAccounts)
    .values({ id: randomUUID(), email, passwordHash, firstName, lastName })
    .onConflictDoNothing()
    .returning({ id: idpAccounts.id });
  if (!inserted[0]) return { error: 'Det finns redan ett konto med den e-postadressen. Logga in i stället.' };
  return { id: inserted[0].id };
}
