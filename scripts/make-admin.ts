// npm run make-admin -- <email>: gives an existing member the admin role.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run make-admin -- <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const updated = await database.db
  .update(users)
  .set({ role: 'admin', updatedAt: new Date() })
  .where(sql`lower(${users.email}) = ${email}`)
  .returning({ id: users.id });
await database.close();
if (updated.length === 0) {
  console.error(`No member with e-mail ${email}. They must log in once first.`);
  process.exit(1);
}
console.log(`${email} is now an admin.`);
