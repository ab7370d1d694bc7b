import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { type RunningServer, startServer } from "../support/server-process";

const adminUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { email: "multi-admin@devperspective.test", password: "multi-admin-password" };

/** Two app instances on one PostgreSQL behave as one site. */
test.describe("two instances on one PostgreSQL", () => {
  test.skip(!adminUrl, "set TEST_DATABASE_URL to run against PostgreSQL");
  test.describe.configure({ mode: "serial", timeout: 180_000 });

  let databaseName: string;
  let first: RunningServer;
  let second: RunningServer;

  test.beforeAll(async () => {
    // A first start migrates and seeds: slow on a busy machine, and the drop in afterAll must
    // never race a server still starting.
    test.setTimeout(180_000);
    databaseName = `dp_multi_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${databaseName}`;
    const env = { DATABASE_URL: url.toString() };
    const created = spawnSync(
      process.execPath,
      [
        path.resolve("node_modules/tsx/dist/cli.mjs"),
        "scripts/admin.ts",
        "create",
        "--email",
        ADMIN.email,
        "--password",
        ADMIN.password,
        "--name",
        "Multi Admin",
      ],
      { env: { ...process.env, ...env }, encoding: "utf8" },
    );
    expect(created.status, created.stderr).toBe(0);
    // Both start at once: migrations run once under the advisory lock, the seed once.
    [first, second] = await Promise.all([
      startServer({ port: 4401, env: { ...env, SITE_URL: "http://127.0.0.1:4401" } }),
      startServer({ port: 4402, env: { ...env, SITE_URL: "http://127.0.0.1:4402" } }),
    ]);
  });

  test.afterAll(async () => {
    for (const server of [first, second]) {
      server?.process.kill("SIGTERM");
      if (server) await server.exited;
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  });

  async function signIn(server: RunningServer) {
    const response = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(response.status).toBe(303);
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("dp_session="));
    expect(session).toBeTruthy();
    return session!.split(";")[0]!;
  }

  test("the demo content was seeded exactly once", async () => {
    const client = new pg.Client({ connectionString: new URL(`/${databaseName}`, adminUrl).toString() });
    await client.connect();
    const { rows } = await client.query("select count(*)::int as n, count(distinct slug)::int as slugs from articles");
    const authors = await client.query("select count(*)::int as n, count(distinct name)::int as names from authors");
    await client.end();
    expect(rows[0].n).toBe(rows[0].slugs);
    expect(authors.rows[0].n).toBe(authors.rows[0].names);
  });

  test("a session made on one instance is valid on the other", async () => {
    const cookie = await signIn(first);
    const response = await fetch(`${second.url}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Article Management");
  });

  test("a write on one instance is seen on the other at its next request, despite its page cache", async () => {
    const title = `Written on instance one ${Date.now()}`;
    const slug = `written-on-instance-one-${Date.now()}`;
    // The second instance caches its home page.
    await (await fetch(`${second.url}/`)).text();
    const cached = await fetch(`${second.url}/`);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect(await cached.text()).not.toContain(title);

    const cookie = await signIn(first);
    const created = await fetch(`${first.url}/admin/articles/new`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: first.url, Cookie: cookie },
      body: new URLSearchParams({
        title,
        slug,
        content: "## Hello\n\nFrom the first instance.",
        excerpt: "Cross-instance test.",
      }),
    });
    expect(created.status).toBe(303);

    await expect
      .poll(async () => (await (await fetch(`${second.url}/`)).text()).includes(title), { timeout: 5_000 })
      .toBe(true);
    const article = await fetch(`${second.url}/post/${slug}`);
    expect(article.status).toBe(200);
  });

  test("a signed-in dashboard kept by one instance shows a draft saved on the other at once", async () => {
    const cookie = await signIn(first);
    // The drafts list: drafts come last in the full list, which may be longer than a page.
    const dashboard = () =>
      fetch(`${second.url}/admin/dashboard?status=draft`, { headers: { Cookie: cookie }, redirect: "manual" });
    await (await dashboard()).text();
    const kept = await dashboard();
    expect(kept.headers.get("x-cache")).toBe("HIT");
    const title = `Draft from instance one ${Date.now()}`;
    const saved = await fetch(`${first.url}/admin/articles/new`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: first.url, Cookie: cookie },
      body: new URLSearchParams({
        title,
        slug: `draft-from-one-${Date.now()}`,
        content: "Not public.",
        intent: "draft",
      }),
    });
    expect(saved.status).toBe(303);
    // A draft announces nothing to readers' caches; the dashboard's version is in the database.
    const fresh = await dashboard();
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    expect(await fresh.text()).toContain(title);
  });

  test("rate limits count attempts made on either instance", async () => {
    const attempt = (server: RunningServer) =>
      fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
          "X-Test-Client-Ip": "203.0.113.77",
        },
        body: new URLSearchParams({ email: ADMIN.email, password: "wrong-password" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i % 2 === 0 ? first : second)).status);
    expect(statuses.every((status) => status !== 429)).toBe(true);
    const blocked = await attempt(second);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toMatch(/Too many attempts\. Try again in \d+ minutes?\./);
  });

  // Last: it kills the first instance.
  test("scheduled articles are published exactly once by the two instances, one killed when they fall due", async () => {
    const cookie = await signIn(first);
    const stamp = Date.now();
    const slugs = Array.from({ length: 12 }, (_, i) => `scheduled-twice-${stamp}-${i}`);
    for (const slug of slugs) {
      const saved = await fetch(`${first.url}/admin/articles/new`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: first.url, Cookie: cookie },
        body: new URLSearchParams({ title: `Scheduled ${slug}`, slug, content: "Due in a moment.", intent: "draft" }),
      });
      expect(saved.status, slug).toBe(303);
    }
    const db = new pg.Client({ connectionString: new URL(`/${databaseName}`, adminUrl).toString() });
    await db.connect();
    try {
      // Due in 3 s (the form takes minutes; the scheduler is what is under test here).
      await db.query(
        "update articles set status = 'scheduled', scheduled_at = now() + interval '3 seconds' where slug = any($1)",
        [slugs],
      );
      const hidden = await fetch(`${second.url}/post/${slugs[0]}`);
      expect(hidden.status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      // The first instance dies when the articles fall due, maybe in the middle of publishing them.
      first.process.kill("SIGKILL");
      await first.exited;
      await expect
        .poll(
          async () =>
            (
              await db.query("select count(*)::int as n from articles where slug = any($1) and status = 'published'", [
                slugs,
              ])
            ).rows[0].n,
          { timeout: 30_000 },
        )
        .toBe(slugs.length);
      // One more tick of the survivor: nothing is published twice.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const { rows } = await db.query(
        `select a.slug, count(r.id)::int as published
           from articles a left join article_revisions r on r.article_id = a.id and r.reason = 'published'
          where a.slug = any($1) group by a.slug`,
        [slugs],
      );
      expect(rows).toHaveLength(slugs.length);
      for (const row of rows) expect(row.published, row.slug).toBe(1);
      const live = await fetch(`${second.url}/post/${slugs[0]}`);
      expect(live.status).toBe(200);
    } finally {
      await db.end();
    }
  });
});
