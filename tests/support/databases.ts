/**
 * Database suites run on the embedded PGlite always, and on a PostgreSQL server as well when
 * TEST_DATABASE_URL is set. Each opened database is private to the caller: an in-memory PGlite,
 * or a freshly created PostgreSQL database that is dropped on close.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/db/db.server";

/** Where the run's templates are (set by tests/support/database-templates.ts). */
export const PGLITE_TEMPLATE_ENV = "DP_TEST_PGLITE_TEMPLATE";
export const POSTGRES_TEMPLATE_ENV = "DP_TEST_POSTGRES_TEMPLATE";

export type TestDatabaseKind = "pglite" | "postgres";

export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** A new PostgreSQL database, empty or (`template`) a copy of the named one. */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `dp_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A migrated, empty database of the given kind: a copy of the run's template
 * (tests/support/database-templates.ts) when there is one, else made and migrated here.
 */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  if (kind === "pglite") {
    const handle = await openDatabase({ dataDir: "memory://", template: process.env[PGLITE_TEMPLATE_ENV] });
    await handle.migrate();
    return handle;
  }
  const created = await createPostgresDatabase(process.env[POSTGRES_TEMPLATE_ENV]);
  const handle = await openDatabase({ url: created.url, poolSize: 4 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}
