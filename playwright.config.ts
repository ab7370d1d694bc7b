import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { appEnvFor, mockServices } from "./tests/e2e/support/mock-config.ts";

const port = Number(process.env.E2E_PORT ?? 4317);
export const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `devperspective-e2e-${port}`);
/** The administrator every browser-test run starts with (admin tests sign in as this user). */
export const E2E_ADMIN = { email: "admin@devperspective.test", password: "e2e-admin-password", name: "E2E Admin" };
const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Local stand-ins for SMTP, GitHub and Google (ports E2E_PORT+1…+4), started before the app. */
const services = mockServices(port);

const launchOptions = {
  executablePath: chromium,
  // This machine has no network beyond the package registries: keep Chromium off it.
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // One migrated embedded database, copied into every data folder the tests create.
  globalSetup: "./tests/e2e/support/global-setup.ts",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A whole scenario's budget (each expectation keeps its own 7 s). The longest scenarios (two tabs,
  // two sign-ins through a provider) take 20–30 s on this project's 2-core machine with Debian's
  // Chromium 156.0.8078.108, so 30 s failed them on timing alone.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions,
    // Browsers here paint without a GPU: while the home page's hero turns, Chromium took 110% of a
    // core (measured: 1% on other pages, 1% on the home page with reduced motion), which starved the
    // server and the other worker and doubled the suite's time. So pages open as for a reader who
    // prefers reduced motion; the home page's motion tests (home.spec.ts) ask for motion.
    reducedMotion: "reduce",
  },
  projects: [
    // Every page behaviour runs twice: with JavaScript and without it.
    {
      name: "js-on",
      testIgnore: "server/**",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions },
    },
    {
      name: "js-off",
      testIgnore: "server/**",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions },
    },
    // HTTP-level behaviour (raw requests, process signals) needs no browser and runs once.
    { name: "server", testMatch: "server/**/*.spec.ts" },
  ],
  webServer: [
    {
      command: "node tests/e2e/support/mock-services.ts",
      url: `${services.controlUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
      stderr: "pipe",
      env: { E2E_PORT: String(port) },
    },
    {
      // The embedded database admits one process: create the test administrator first, then serve.
      command: `node node_modules/tsx/dist/cli.mjs scripts/admin.ts create --email ${E2E_ADMIN.email} --password ${E2E_ADMIN.password} --name "${E2E_ADMIN.name}" && node server/main.ts`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SITE_URL: baseURL,
        ENABLE_TEST_HOOKS: "1",
        ...appEnvFor(services),
        ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      },
    },
  ],
});
