// npm run restore -- <file> [--force]: restores a backup of `npm run backup` into an empty database
// (DATABASE_URL) or an empty DATA_DIR (PGlite). --force replaces what is there. See docs/backup-and-restore.md.

import { loadConfig } from '../server/config';
import { BackupError, restoreDatabase } from '../server/db/backup';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0].startsWith('-')) {
  console.error('Usage: npm run restore -- <file> [--force]');
  process.exit(2);
}
const config = loadConfig();
const target = config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
const started = Date.now();
try {
  await restoreDatabase(target, files[0], { force });
  const into = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
  console.log(
    `Restored ${files[0]} into ${into} (${Date.now() - started} ms). Start the site to apply newer migrations.`,
  );
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
