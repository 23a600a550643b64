// npm run backup -- <file>: writes a backup of the site's database (DATABASE_URL: pg_dump's custom format;
// else PGlite in DATA_DIR, which must not be in use by a running site). See docs/backup-and-restore.md.

import { loadConfig } from '../server/config';
import { BackupError, backupDatabase } from '../server/db/backup';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const config = loadConfig();
const target = config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
const started = Date.now();
try {
  const { kind, bytes } = await backupDatabase(target, file);
  const from = kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
  console.log(
    `Backup of ${from} written to ${file} (${(bytes / 1e6).toFixed(1)} MB, ${Date.now() - started} ms).`,
  );
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
