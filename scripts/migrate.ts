/** npm run db:migrate — applies pending migrations to DATABASE_URL or the embedded database. */
import { closeDatabase, getDatabaseHandle } from "~/db/db.server";

try {
  const handle = await getDatabaseHandle();
  await handle.migrate();
  console.log(`migrate: ${handle.driver} database is up to date`);
  await closeDatabase();
} catch (error) {
  console.error(`migrate: ${(error as Error).message}`);
  process.exit(1);
}
