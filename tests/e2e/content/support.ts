/**
 * Helpers for the content admin browser tests (categories, interview questions, author
 * profiles). They rename and delete categories and reorder questions, which would disturb the
 * reading specs on the shared server, so each worker gets its own production server on a private
 * port and data folder: demo content, an editor and an author (roles set in the database).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "../../../app/auth/password.server";
import { closeDatabase, openDatabase, setDatabaseHandle } from "../../../app/db/db.server";
import { users } from "../../../app/db/schema";
import { seedDemoContent } from "../../../app/seed/seed.server";
import { test as accountsTest, expect, expectToast, hydrated } from "../accounts/support";
import { signInAsAdmin } from "../admin/support";
import { type RunningServer, startServer } from "../support/server-process";
import { seedDataDirFromTemplate } from "../support/data-dir-template";

export { expect, expectToast, hydrated, signInAsAdmin };

export const EDITOR = { email: "editor@devperspective.test", password: "editor-password", name: "Erin Editor" };
export const AUTHOR = { email: "author@devperspective.test", password: "author-password", name: "Arthur Author" };

/** A port per parallel worker, clear of the shared server, its mock services and the other suites' servers. */
function contentPort(parallelIndex: number) {
  return Number(process.env.E2E_PORT ?? 4317) + 170 + parallelIndex;
}

async function startContentServer(port: number): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-content-e2e-"));
  seedDataDirFromTemplate(dataDir);
  const handle = await openDatabase({ dataDir, migrationsFolder: path.resolve("drizzle") });
  setDatabaseHandle(handle);
  try {
    await handle.migrate();
    await seedDemoContent();
    await handle.db.insert(users).values(
      await Promise.all(
        [
          { ...EDITOR, role: "editor" as const },
          { ...AUTHOR, role: "author" as const },
        ].map(async (account) => ({
          email: account.email,
          fullName: account.name,
          passwordHash: await hashPassword(account.password),
          emailVerifiedAt: new Date(),
          role: account.role,
        })),
      ),
    );
  } finally {
    await closeDatabase();
  }
  return startServer({ port, env: { DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}` } });
}

export const test = accountsTest.extend<object, { contentServer: RunningServer }>({
  contentServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startContentServer(contentPort(workerInfo.parallelIndex));
      await use(server);
      server.process.kill("SIGTERM");
      await server.exited;
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ contentServer }, use) => {
    await use(contentServer.url);
  },
});

let counter = 0;
/** A short token no other test uses (names, slugs). */
export function uniqueToken() {
  return `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}
