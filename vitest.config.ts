import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/**/*.test.ts", "app/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    setupFiles: ["tests/support/vitest-setup.ts"],
    // One migrated database of each kind per run, copied by every test database.
    globalSetup: ["tests/support/database-templates.ts"],
  },
});
