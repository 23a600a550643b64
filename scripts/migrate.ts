// npm run db:migrate: applies the committed migrations to DATABASE_URL, or to PGlite in DATA_DIR.
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.close();
console.log(`Migrations applied (${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`}).`);
