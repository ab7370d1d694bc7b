/**
 * One migrated embedded database for the whole browser-test run (made by global-setup.ts), copied
 * into each new data folder before a server or a support module opens it: a copy takes half a
 * second, where creating a database (initdb, then every migration) costs ~15 s of CPU. A folder
 * that already holds a database, and servers on PostgreSQL, are left alone.
 */
import fs from "node:fs";
import path from "node:path";

export const TEMPLATE_ENV = "E2E_PGLITE_TEMPLATE";

/** Copies the run's migrated database into `dataDir` when it has none yet (and the template exists). */
export function seedDataDirFromTemplate(dataDir: string) {
  const template = process.env[TEMPLATE_ENV];
  if (!template || !fs.existsSync(path.join(template, "PG_VERSION"))) return;
  const target = path.join(dataDir, "pglite");
  if (fs.existsSync(target)) return;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(template, target, { recursive: true });
}
