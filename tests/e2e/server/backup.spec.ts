/**
 * Backups over a running server and restores into an empty site (issue 25), on both databases:
 * `npm run backup` beside the running server (on the embedded database, handed to the server
 * through the data folder's lock, as `npm run admin` is), `npm run restore` into an empty data
 * folder or database, and the restored site serves the same articles and the same image bytes.
 * A bad file is refused with a clear line and a non-zero exit; a site is not overwritten
 * without --force.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { createAdmin, stopServer, testDatabases } from "../support/server-databases";
import { type RunningServer, startServer } from "../support/server-process";

const ADMIN = { email: "backup-admin@devperspective.test", password: "backup-admin-password", name: "Backup Admin" };
/** Ports of this spec's servers (E2E ports of other specs are elsewhere). */
const PORTS = { PGlite: [10400, 10401], PostgreSQL: [10402, 10403] } as const;

function cli(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), `scripts/${script}.ts`, ...args],
    {
      env: { ...process.env, ...env },
      encoding: "utf8",
      timeout: 170_000,
    },
  );
  return { status: result.status, out: `${result.stdout}\n${result.stderr}` };
}

for (const database of testDatabases) {
  test(`npm run backup on a running ${database.name} server, npm run restore into an empty site`, async () => {
    test.setTimeout(600_000);
    const [port, restoredPort] = PORTS[database.name];
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "dp-backup-spec-"));
    const source = await database.create();
    const target = await database.create();
    let server: RunningServer | undefined;
    let restored: RunningServer | undefined;
    try {
      createAdmin(source.env, ADMIN);
      // One public origin for both servers: the restored site's pages are the original's.
      const siteUrl = `http://127.0.0.1:${port}`;
      server = await startServer({ port, env: { ...source.env, SITE_URL: siteUrl } });
      const signIn = await fetch(`${server.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "X-Test-Client-Ip": "10.99.0.7" },
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((line) => line.split(";", 1)[0])
        .join("; ");
      const body = new FormData();
      const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#10b981" } })
        .png()
        .toBuffer();
      body.set("file", new Blob([png]), "backup-diagram.png");
      const uploaded = await fetch(`${server.url}/admin/media/upload`, {
        method: "POST",
        headers: { Origin: server.url, Accept: "application/json", Cookie: cookie },
        body,
      });
      expect(uploaded.status).toBe(201);
      const image = ((await uploaded.json()) as { upload: { url: string } }).upload.url;
      const imageBytes = Buffer.from(await (await fetch(`${server.url}${image}`)).arrayBuffer());
      const home = await (await fetch(`${server.url}/`)).text();
      const article = /href="(\/post\/[^"]+)"/.exec(home)?.[1];
      expect(article).toBeTruthy();
      const articleText = await (await fetch(`${server.url}${article}`)).text();

      // The backup, while the server runs (and keeps answering).
      const file = path.join(work, "site.zip");
      const backup = cli("backup", [file], source.env);
      expect(backup.status, backup.out).toBe(0);
      expect(backup.out).toMatch(/backup written to .*site\.zip: \d+ tables, \d+ rows, 1 images/);
      if (database.name === "PGlite") expect(backup.out).toContain("(by the running server)");
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // The backup is in the audit log.
      const audit = await (await fetch(`${server.url}/admin/audit`, { headers: { Cookie: cookie } })).text();
      expect(audit).toContain("Backed up the site to");

      // Bad files: a clear line, a non-zero exit, nothing created.
      const truncated = path.join(work, "truncated.zip");
      fs.writeFileSync(truncated, fs.readFileSync(file).subarray(0, 2000));
      const refused = cli("restore", [truncated], target.env);
      expect(refused.status).not.toBe(0);
      expect(refused.out).toContain("is not a complete DevPerspective backup");
      if (database.name === "PGlite") expect(fs.readdirSync(target.env.DATA_DIR!)).toEqual([]);
      // A running server's site is not restored over (the folder is in use, or it holds a site).
      const overLive = cli("restore", [file], source.env);
      expect(overLive.status).not.toBe(0);
      expect(overLive.out).toMatch(/in use by another process|already holds a site/);

      // The restore into the empty site, which then serves the same pages and image.
      const restore = cli("restore", [file], target.env);
      expect(restore.status, restore.out).toBe(0);
      expect(restore.out).toMatch(/restored \d+ tables, \d+ rows and 1 images/);
      restored = await startServer({ port: restoredPort, env: { ...target.env, SITE_URL: siteUrl } });
      const copyBytes = Buffer.from(await (await fetch(`${restored.url}${image}`)).arrayBuffer());
      expect(copyBytes.equals(imageBytes)).toBe(true);
      const copyText = await (await fetch(`${restored.url}${article}`)).text();
      const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0]?.replace(/nonce="[^"]*"/g, "");
      expect(main(copyText)).toBe(main(articleText));
      // The administrator signs in to the restored site.
      const again = await fetch(`${restored.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: restored.url, "X-Test-Client-Ip": "10.99.0.8" },
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
      });
      expect(again.status).toBe(303);
      await stopServer(restored);
      restored = undefined;
      // A restore over a site is refused without --force.
      const twice = cli("restore", [file], target.env);
      expect(twice.status).not.toBe(0);
      expect(twice.out).toContain("already holds a site");
      expect(server.errors()).not.toMatch(/Error:/);
    } finally {
      await stopServer(restored);
      await stopServer(server);
      await source.drop();
      await target.drop();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
}
