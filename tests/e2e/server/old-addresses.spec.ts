import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { stopServer, testDatabases } from "../support/server-databases";
import { type RunningServer, startServer } from "../support/server-process";

/**
 * An imported article's old address as it is linked everywhere, with its trailing slash (a Ghost
 * permalink `/ghost-slug/`), answers one 301 straight to the article: the server looks the
 * address up before its trailing-slash rule (before, `/ghost-slug/` → `/ghost-slug` →
 * `/post/ghost-slug`). Any other path with a trailing slash still gets the trailing-slash 301.
 */
const GHOST_EXPORT = {
  db: [
    {
      meta: { exported_on: Date.UTC(2024, 0, 1), version: "5.80.0" },
      data: {
        posts: [
          {
            id: "old-1",
            uuid: "uuid-old-1",
            title: "An Old Ghost Post",
            slug: "ghost-slug",
            html: "<p>Written long ago, on Ghost.</p>",
            type: "post",
            status: "published",
            published_at: "2024-01-02T10:00:00.000Z",
            updated_at: "2024-01-02T10:00:00.000Z",
          },
        ],
      },
    },
  ],
};

/** Imports the export with `npm run import` (before the server: the embedded database admits one process). */
function importGhostExport(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-old-addresses-"));
  const file = path.join(dir, "ghost-export.json");
  fs.writeFileSync(file, JSON.stringify(GHOST_EXPORT));
  try {
    const result = spawnSync(
      process.execPath,
      [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/import.ts", file, "--apply"],
      { env: { ...process.env, ...env }, encoding: "utf8" },
    );
    if (result.status !== 0) throw new Error(`import failed: ${result.stdout}\n${result.stderr}`);
    expect(result.stdout).toContain("1 redirects");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (const database of testDatabases) {
  test.describe(`old addresses with a trailing slash (${database.name})`, () => {
    test.describe.configure({ mode: "serial", timeout: 180_000 });
    let server: RunningServer;
    let drop: () => Promise<void>;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      const created = await database.create();
      drop = created.drop;
      importGhostExport(created.env);
      server = await startServer({ env: created.env });
    });

    test.afterAll(async () => {
      await stopServer(server);
      await drop?.();
    });

    const get = (target: string, method = "GET") => fetch(`${server.url}${target}`, { method, redirect: "manual" });

    test("a Ghost permalink answers one 301 straight to the article, query kept", async () => {
      for (const [target, location] of [
        ["/ghost-slug/", "/post/ghost-slug"],
        ["/ghost-slug//", "/post/ghost-slug"],
        ["/ghost-slug/?ref=feed", "/post/ghost-slug?ref=feed"],
        // Without the slash the catch-all route answers it, query kept the same way.
        ["/ghost-slug", "/post/ghost-slug"],
        ["/ghost-slug?ref=feed", "/post/ghost-slug?ref=feed"],
      ] as const) {
        const response = await get(target);
        expect(response.status, target).toBe(301);
        expect(response.headers.get("location"), target).toBe(location);
      }
      const head = await get("/ghost-slug/", "HEAD");
      expect(head.status).toBe(301);
      expect(head.headers.get("location")).toBe("/post/ghost-slug");
      // The one hop lands on the article.
      const article = await get("/post/ghost-slug");
      expect(article.status).toBe(200);
      expect(await article.text()).toContain("An Old Ghost Post");
    });

    test("a trailing slash with no old address behind it still gets the trailing-slash 301", async () => {
      for (const [target, location] of [
        ["/no-such-old-post/", "/no-such-old-post"],
        ["/no-such-old-post/?ref=feed", "/no-such-old-post?ref=feed"],
        ["/about/", "/about"],
        ["/post/ghost-slug/", "/post/ghost-slug"],
        ["/search/?q=ghost", "/search?q=ghost"],
      ] as const) {
        const response = await get(target);
        expect(response.status, target).toBe(301);
        expect(response.headers.get("location"), target).toBe(location);
      }
      expect((await get("/no-such-old-post")).status).toBe(404);
      expect(server.errors()).not.toMatch(/Error:/);
    });
  });
}
