/**
 * Vitest's global setup: one migrated database of each kind, made once per run, that every
 * `openTestDatabase` starts from (tests/support/databases.ts). A new embedded database would
 * otherwise run initdb and every migration (seconds each, hundreds of times a run); a PostgreSQL
 * one is copied from a template database (`create database … template …`).
 *
 * The files and names reach the test processes through the environment, which they inherit.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { openDatabase } from "~/db/db.server";
import { createPostgresDatabase, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from "./databases";

export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-test-template-"));
  const file = path.join(dir, "pglite.tar");
  const pglite = await PGlite.create("memory://", { extensions: { pg_trgm, unaccent } });
  await migrate(drizzle(pglite), { migrationsFolder: path.resolve("drizzle") });
  const dump = await pglite.dumpDataDir("none");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  process.env[PGLITE_TEMPLATE_ENV] = file;

  let dropTemplate = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const created = await createPostgresDatabase();
    const handle = await openDatabase({ url: created.url, poolSize: 1 });
    await handle.migrate();
    await handle.close();
    process.env[POSTGRES_TEMPLATE_ENV] = new URL(created.url).pathname.slice(1);
    dropTemplate = created.drop;
  }

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await dropTemplate();
  };
}
