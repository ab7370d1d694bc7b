/**
 * Playwright's global setup: the run's migrated embedded database (see data-dir-template.ts),
 * made by the project's own migrate command. Workers inherit the environment set here.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEMPLATE_ENV } from "./data-dir-template";

export default function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-e2e-template-"));
  const made = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/migrate.ts"], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (made.status !== 0) throw new Error("the browser tests' template database could not be made");
  process.env[TEMPLATE_ENV] = path.join(dir, "pglite");
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
