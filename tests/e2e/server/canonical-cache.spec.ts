import { expect, test } from "@playwright/test";
import { createAdmin, stopServer, testDatabases } from "../support/server-databases";
import { type RunningServer, startServer } from "../support/server-process";

const ADMIN = { email: "canonical-admin@devperspective.test", password: "canonical-admin-password", name: "Canon" };

/**
 * Every cacheable page has one URL: other spellings answer 301 to it before the page cache is
 * consulted, so the cache only holds canonical pages and a write drops them all. (Before, the
 * page at /category/DATA-structures was kept under its own key and stayed stale after a new
 * article in that category.)
 */
for (const [index, database] of testDatabases.entries()) {
  test.describe(`one URL per cached page (${database.name})`, () => {
    test.describe.configure({ mode: "serial", timeout: 180_000 });
    let server: RunningServer;
    let drop: () => Promise<void>;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      const created = await database.create();
      drop = created.drop;
      createAdmin(created.env, ADMIN);
      const port = 4451 + index;
      server = await startServer({ port, env: { ...created.env, SITE_URL: `http://127.0.0.1:${port}` } });
    });

    test.afterAll(async () => {
      await stopServer(server);
      await drop?.();
    });

    const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });

    test("other spellings of a page answer 301 to its canonical address", async () => {
      const variants: Array<[string, string]> = [
        ["/category/DATA-structures", "/category/data-structures"],
        ["/category/Data%20Structures", "/category/data-structures"],
        ["/category/data-structures/", "/category/data-structures"],
        ["/category/data-structures?page=1", "/category/data-structures"],
        ["/category/data-structures?view=grid", "/category/data-structures"],
        ["/category/data-structures?view=list&page=1", "/category/data-structures?view=list"],
        ["/post/closures-explained-through-real-bugs/", "/post/closures-explained-through-real-bugs"],
        ["/whats-new?page=1", "/whats-new"],
        ["/search?category=1&q=react", "/search?q=react&category=1"],
        ["/search?q=", "/search"],
      ];
      for (const [path, canonical] of variants) {
        const response = await get(path);
        expect(response.status, path).toBe(301);
        expect(
          new URL(response.headers.get("location") ?? "", server.url).pathname +
            new URL(response.headers.get("location") ?? "", server.url).search,
          path,
        ).toBe(canonical);
        expect(response.headers.get("x-cache"), path).toBeNull();
      }
      expect((await get("/category/data-structures")).status).toBe(200);
    });

    test("after a new article in a category, no spelling of its page is stale", async () => {
      // Kept in the cache.
      await (await get("/category/data-structures")).text();
      expect((await get("/category/data-structures")).headers.get("x-cache")).toBe("HIT");
      for (const variant of ["/category/DATA-structures", "/category/data-structures/"]) await get(variant);

      const signIn = await fetch(`${server.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
      });
      expect(signIn.status).toBe(303);
      const cookie = signIn.headers
        .getSetCookie()
        .find((value) => value.startsWith("dp_session="))!
        .split(";")[0]!;
      const form = await (await fetch(`${server.url}/admin/articles/new`, { headers: { Cookie: cookie } })).text();
      const categoryId = /<option value="(\d+)"[^>]*>Data Structures<\/option>/.exec(form)?.[1];
      expect(categoryId).toBeTruthy();
      const title = `A fresh tree ${Date.now()}`;
      const saved = await fetch(`${server.url}/admin/articles/new`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
        body: new URLSearchParams({
          title,
          slug: `a-fresh-tree-${Date.now()}`,
          content: "## Trees\n\nBalanced ones.",
          excerpt: "Trees.",
          categoryId: categoryId!,
        }),
      });
      expect(saved.status).toBe(303);

      const fresh = await get("/category/data-structures");
      expect(fresh.status).toBe(200);
      expect(await fresh.text()).toContain(title);
      for (const variant of [
        "/category/DATA-structures",
        "/category/data-structures/",
        "/category/data-structures?page=1",
      ]) {
        const response = await get(variant);
        expect(response.status, variant).toBe(301);
      }
    });
  });
}
