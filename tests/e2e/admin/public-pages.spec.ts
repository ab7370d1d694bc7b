/**
 * Issue item 6: after a create, update or delete, the public pages show the new state on the
 * very next request. Anonymous pages are served from the server's page cache (X-Cache: HIT), so
 * reading each page twice before the change proves it was cached, and reading it after proves
 * the write cleared it.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, expectToast, fillArticleForm, hydrated, signInAsAdmin, test, uniqueArticle } from "./support";

function letters(length: number) {
  let word = "";
  for (let i = 0; i < length; i++) word += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return word;
}

async function read(reader: APIRequestContext, path: string) {
  const response = await reader.get(path);
  return { status: response.status(), cache: response.headers()["x-cache"] ?? "", body: await response.text() };
}

test("home, article, category, search and What's New reflect create, update and delete at once", async ({
  page,
  jsEnabled,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const reader = await playwright.request.newContext({ baseURL });
  try {
    const word = `Zq${letters(10)}`;
    const base = uniqueArticle("public");
    const title = `${word} changelog entry`;
    const revised = `${word} revised entry`;
    const listings = ["/", "/category/changelog", `/search?q=${word}`, "/whats-new"];

    // Before: the listings are cached and do not know the article.
    for (const path of listings) {
      const first = await read(reader, path);
      expect(first.status, path).toBe(200);
      expect(first.body, path).not.toContain(title);
      const second = await read(reader, path);
      expect(second.cache, `${path} is served from the page cache`).toBe("HIT");
    }
    expect((await read(reader, `/post/${base.slug}`)).status).toBe(404);

    // Create, in the Changelog category, so What's New lists it too.
    await signInAsAdmin(page, jsEnabled);
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    await fillArticleForm(page, {
      title,
      slug: base.slug,
      content: `## What changed\n\nThe ${word} release notes.`,
      excerpt: `${word} in brief.`,
      category: "Changelog",
    });
    await page.getByRole("button", { name: "Create Article" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await expectToast(page, jsEnabled, "Article created successfully");

    for (const path of [...listings, `/post/${base.slug}`]) {
      const after = await read(reader, path);
      expect(after.status, path).toBe(200);
      expect(after.body, `${path} shows the new article`).toContain(title);
      expect((await read(reader, path)).cache, `${path} is cached again`).toBe("HIT");
    }

    // Update.
    await page.goto(`/admin/dashboard?q=${encodeURIComponent(word)}`);
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await hydrated(page, jsEnabled);
    await fillArticleForm(page, { title: revised });
    await page.getByRole("button", { name: "Update Article" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await expectToast(page, jsEnabled, "Article updated successfully");

    for (const path of [...listings, `/post/${base.slug}`]) {
      const after = await read(reader, path);
      expect(after.body, `${path} shows the new title`).toContain(revised);
      expect(after.body, `${path} no longer shows the old title`).not.toContain(title);
    }

    // Delete.
    await page.goto(`/admin/dashboard?q=${encodeURIComponent(word)}`);
    await hydrated(page, jsEnabled);
    await page.getByRole("button", { name: `Delete ${revised}` }).click();
    if (jsEnabled)
      await page
        .getByRole("dialog", { name: "Delete article" })
        .getByRole("button", { name: "Delete", exact: true })
        .click();
    else await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, jsEnabled, "Article deleted successfully");

    for (const path of listings) {
      const after = await read(reader, path);
      expect(after.status, path).toBe(200);
      expect(after.body, `${path} no longer lists the article`).not.toContain(revised);
    }
    expect((await read(reader, `/post/${base.slug}`)).status).toBe(404);
  } finally {
    await reader.dispose();
  }
});
