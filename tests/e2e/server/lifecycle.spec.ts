import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer } from "../support/server-process";

test.describe("process lifecycle", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test("SIGTERM lets an in-flight request finish, closes the database and exits within 5 s", async () => {
    const server = await startServer({ port: 4391 });
    const slow = fetch(`${server.url}/__test/slow?ms=1500`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    server.process.kill("SIGTERM");
    expect(await slow).toBe("slow response finished");
    const code = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    expect(fs.existsSync(path.join(server.dataDir, "pglite.lock"))).toBe(false);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test("a bad environment variable stops the start with a clear message", async () => {
    const server = await startServer({
      port: 4392,
      env: { SITE_URL: "not a url", DATABASE_URL: "mysql://x" },
      waitForHealth: false,
    });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain("SITE_URL: must be a URL like");
    expect(server.output()).toContain("DATABASE_URL: must be a URL like postgres://");
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test("a second process cannot open a data folder the server holds", async () => {
    const first = await startServer({ port: 4393 });
    const second = await startServer({ port: 4394, env: { DATA_DIR: first.dataDir }, waitForHealth: false });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is in use by another process");
    first.process.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  });
});
