/**
 * People, settings and audit browser tests change the site's name and its accounts, so each worker
 * gets its own production server (free port, fresh data folder) with the E2E administrator and
 * the shared mock services (mail goes to the SMTP sink).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createOrPromoteAdmin } from "../../../app/auth/admins.server";
import { closeDatabase, openDatabase, setDatabaseHandle } from "../../../app/db/db.server";
import { seedDemoContent } from "../../../app/seed/seed.server";
import { E2E_ADMIN } from "../../../playwright.config";
import { test as accountsTest, services } from "../accounts/support";
import { appEnvFor } from "../support/mock-config";
import { freePort, type RunningServer, startServer } from "../support/server-process";
import { seedDataDirFromTemplate } from "../support/data-dir-template";

export { E2E_ADMIN };
export { expect, expectToast, hydrated, uniqueEmail, waitForMail } from "../accounts/support";

async function startPeopleServer(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-people-e2e-"));
  seedDataDirFromTemplate(dataDir);
  const handle = await openDatabase({ dataDir, migrationsFolder: path.resolve("drizzle") });
  setDatabaseHandle(handle);
  try {
    await handle.migrate();
    await seedDemoContent();
    await createOrPromoteAdmin({ email: E2E_ADMIN.email, password: E2E_ADMIN.password, fullName: E2E_ADMIN.name });
  } finally {
    await closeDatabase();
  }
  const port = await freePort();
  return startServer({
    port,
    env: { DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}`, ...appEnvFor(services) },
  });
}

export const test = accountsTest.extend<object, { peopleServer: RunningServer }>({
  peopleServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startPeopleServer();
      await use(server);
      server.process.kill("SIGTERM");
      await server.exited;
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ peopleServer }, use) => {
    await use(peopleServer.url);
  },
});
