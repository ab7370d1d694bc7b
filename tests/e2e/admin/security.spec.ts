/**
 * The admin actions are guarded on the server, each one: a request posted straight at them by
 * someone signed out, or signed in without the administrator flag, changes nothing.
 */
import type { APIResponse } from "@playwright/test";
import {
  E2E_ADMIN,
  expect,
  expectToast,
  fillArticleForm,
  hydrated,
  PROFILELESS_ADMIN,
  READER,
  signInAsAdmin,
  signInRequest,
  test,
  uniqueArticle,
} from "./support";

function expectRefused(response: APIResponse, label: string) {
  const status = response.status();
  if (status === 302 || status === 303) {
    expect(response.headers().location, label).toMatch(/^\/admin\/login\?redirectTo=/);
  } else {
    expect([401, 403], label).toContain(status);
  }
}

test.describe("forged admin requests", () => {
  test("signed out or signed in without the flag, every admin action refuses and nothing changes", async ({
    playwright,
    baseURL,
  }) => {
    const origin = baseURL ?? "";
    const admin = await playwright.request.newContext({ baseURL: origin });
    const anonymous = await playwright.request.newContext({ baseURL: origin });
    const reader = await playwright.request.newContext({ baseURL: origin });
    try {
      // The administrator reads article 1 as it is.
      expect((await signInRequest(admin, origin, E2E_ADMIN)).status()).toBe(303);
      const editBefore = await admin.get("/admin/articles/edit/1");
      expect(editBefore.status()).toBe(200);
      const htmlBefore = await editBefore.text();
      const titleBefore =
        htmlBefore.match(/name="title"[^>]*value="([^"]*)"/)?.[1] ??
        htmlBefore.match(/value="([^"]*)"[^>]*name="title"/)?.[1];
      expect(titleBefore).toBeTruthy();
      const slugBefore = htmlBefore.match(/\/post\/([a-z0-9-]+)/)?.[1];
      expect(slugBefore).toBeTruthy();

      // A reader with a real session (signed in on the public site).
      const signedIn = await reader.post("/login", {
        form: { email: READER.email, password: READER.password },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(signedIn.status()).toBe(303);
      expect((await reader.storageState()).cookies.map((cookie) => cookie.name)).toContain("dp_session");

      const forged = uniqueArticle("forged");
      for (const [who, client] of [
        ["signed out", anonymous],
        ["reader", reader],
      ] as const) {
        const headers = { Origin: origin };
        expectRefused(
          await client.post("/admin/articles/new", {
            form: { title: forged.title, slug: forged.slug, content: "Forged." },
            headers,
            maxRedirects: 0,
          }),
          `${who}: create`,
        );
        expectRefused(
          await client.post("/admin/articles/edit/1", {
            form: { title: "Hijacked", slug: "hijacked", content: "Forged.", version: "2000-01-01T00:00:00.000000Z" },
            headers,
            maxRedirects: 0,
          }),
          `${who}: update`,
        );
        expectRefused(await client.post("/admin/articles/delete/1", { headers, maxRedirects: 0 }), `${who}: delete`);
        expectRefused(
          await client.post("/admin/articles/edit/1", {
            form: { intent: "preview", content: "x" },
            headers,
            maxRedirects: 0,
          }),
          `${who}: no-JS preview`,
        );
        const preview = await client.post("/admin/articles/preview", {
          form: { content: "# Hi" },
          headers,
          maxRedirects: 0,
        });
        expect(preview.status(), `${who}: preview`).toBe(who === "reader" ? 403 : 401);
        // The data endpoints React Router uses with JavaScript are guarded the same way.
        const dataRequest = await client.post("/admin/articles/delete/1.data", { headers, maxRedirects: 0 });
        expect([202, 204, 302, 303, 401, 403], `${who}: delete.data`).toContain(dataRequest.status());
        const dashboard = await client.get("/admin/dashboard", { maxRedirects: 0 });
        expectRefused(dashboard, `${who}: dashboard`);
      }

      // Nothing changed.
      const editAfter = await (await admin.get("/admin/articles/edit/1")).text();
      expect(editAfter).toContain(`value="${titleBefore}"`);
      expect((await anonymous.get(`/post/${slugBefore}`)).status()).toBe(200);
      expect((await anonymous.get(`/post/${forged.slug}`)).status()).toBe(404);
      expect((await anonymous.get("/post/hijacked")).status()).toBe(404);
      // The reader's session was left as it was: still a reader, not an administrator.
      expectRefused(await reader.get("/admin/dashboard", { maxRedirects: 0 }), "reader after");
    } finally {
      await Promise.all([admin.dispose(), anonymous.dispose(), reader.dispose()]);
    }
  });

  test("a cross-site form post is refused before any action runs", async ({ playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    try {
      expect((await signInRequest(admin, baseURL ?? "", E2E_ADMIN)).status()).toBe(303);
      const article = uniqueArticle("csrf");
      const response = await admin.post("/admin/articles/new", {
        form: { title: article.title, slug: article.slug, content: "Cross-site." },
        headers: { Origin: "https://evil.example" },
        maxRedirects: 0,
      });
      expect([400, 403]).toContain(response.status());
      expect((await admin.get(`/post/${article.slug}`)).status()).toBe(404);
    } finally {
      await admin.dispose();
    }
  });
});

test.describe("author profile", () => {
  test("an administrator without a linked author profile cannot save", async ({ page, jsEnabled }) => {
    await signInAsAdmin(page, jsEnabled, PROFILELESS_ADMIN);
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    const article = uniqueArticle("orphan");
    await fillArticleForm(page, { title: article.title, slug: article.slug, content: "Nobody wrote this." });
    await page.getByRole("button", { name: "Create Article" }).click();
    await expect(page.getByTestId("form-alert")).toContainText(
      "Cannot create or update article without a linked author profile.",
    );
    if (jsEnabled) await expectToast(page, true, "Cannot create or update article without a linked author profile.");
    await expect(page.getByLabel("Title")).toHaveValue(article.title);
    const response = await page.request.get(`/post/${article.slug}`);
    expect(response.status()).toBe(404);
  });
});
