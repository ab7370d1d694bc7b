/**
 * HTTP-level tests that must hold on both databases: the embedded one always, PostgreSQL when
 * TEST_DATABASE_URL is set (each server gets a fresh database, dropped when it stops).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type RunningServer, startServer } from "./server-process";

export type TestDatabase = {
  name: "PGlite" | "PostgreSQL";
  /** The server's environment for this database: DATA_DIR always, DATABASE_URL on PostgreSQL. */
  create(): Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
};

const adminUrl = process.env.TEST_DATABASE_URL;

export const testDatabases: TestDatabase[] = [
  {
    name: "PGlite",
    async create() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-server-"));
      return {
        env: { DATA_DIR: dataDir },
        async drop() {
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  ...(adminUrl
    ? [
        {
          name: "PostgreSQL" as const,
          async create() {
            const database = `dp_e2e_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
            await adminQuery(`create database ${database}`);
            const url = new URL(adminUrl);
            url.pathname = `/${database}`;
            const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-server-"));
            return {
              env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
              async drop() {
                await adminQuery(`drop database if exists ${database} with (force)`);
                fs.rmSync(dataDir, { recursive: true, force: true });
              },
            };
          },
        },
      ]
    : []),
];

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Stops a server with SIGTERM (SIGKILL if it lingers) and waits for it to exit. */
export async function stopServer(server: RunningServer | undefined) {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
  server.process.kill("SIGTERM");
  const timer = setTimeout(() => server.process.kill("SIGKILL"), 6_000);
  await server.exited;
  clearTimeout(timer);
}

/** Creates an administrator with the admin CLI (before the server starts: the embedded database admits one process). */
export function createAdmin(env: Record<string, string>, admin: { email: string; password: string; name: string }) {
  const result = spawnSync(
    process.execPath,
    [
      path.resolve("node_modules/tsx/dist/cli.mjs"),
      "scripts/admin.ts",
      "create",
      "--email",
      admin.email,
      "--password",
      admin.password,
      "--name",
      admin.name,
    ],
    { env: { ...process.env, ...env }, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`admin create failed: ${result.stderr}`);
}

export { startServer };
