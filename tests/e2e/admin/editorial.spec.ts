/**
 * The editorial workflow in the browser, with JavaScript on and off: drafts are invisible to
 * readers, scheduling (a time in the browser's zone with JavaScript, TIME_ZONE without; the
 * scheduler publishes it), history compare and restore, preview links signed out, autosave
 * (JavaScript only), and 301s from a published article's old slug.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { formatLocalDateTime } from "../../../app/lib/zoned-time";
import {
  articleIdByTitle,
  dashboardRow,
  expect,
  expectFieldError,
  expectToast,
  fillArticleForm,
  hydrated,
  signInAsAdmin,
  test,
  uniqueArticle,
} from "./support";

// A zone far from UTC: with JavaScript the schedule field is read in the browser's zone.
const BROWSER_ZONE = "Pacific/Chatham"; // UTC+12:45 (+13:45 in summer)
test.use({ timezoneId: BROWSER_ZONE, locale: "en-US" });

async function createViaForm(page: Page, jsEnabled: boolean, label: string, button: string, content = "First text.") {
  const article = uniqueArticle(label);
  await page.goto("/admin/articles/new");
  await hydrated(page, jsEnabled);
  await fillArticleForm(page, { title: article.title, slug: article.slug, content });
  await page.getByRole("button", { name: button, exact: true }).click();
  return article;
}

async function publicStatus(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0, headers: { Cookie: "" } });
  return response;
}

test("a draft is invisible to readers until Update Article publishes it", async ({
  page,
  jsEnabled,
  playwright,
  baseURL,
}) => {
  await signInAsAdmin(page, jsEnabled);
  const article = await createViaForm(page, jsEnabled, "draft", "Save draft", "Draft words about quokkas.");
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/\d+$/);
  await expectToast(page, jsEnabled, "Draft saved");
  await expect(page.getByTestId("article-status")).toHaveText("Draft");

  const reader = await playwright.request.newContext({ baseURL });
  try {
    expect((await publicStatus(reader, `/post/${article.slug}`)).status()).toBe(404);
    expect((await publicStatus(reader, `/post/${article.slug}.md`)).status()).toBe(404);
    expect(await (await reader.get("/rss.xml")).text()).not.toContain(article.slug);
    expect(await (await reader.get("/sitemap.xml")).text()).not.toContain(article.slug);
    expect(await (await reader.get("/llms.txt")).text()).not.toContain(article.slug);
    expect(await (await reader.get(`/search?q=${encodeURIComponent(article.title)}`)).text()).not.toContain(
      `/post/${article.slug}`,
    );
    expect(await (await reader.get("/")).text()).not.toContain(`/post/${article.slug}`);

    // The dashboard: status Draft, Published At empty; the Drafts filter finds it.
    const row = await dashboardRow(page, article.title);
    await expect(row).toContainText("Draft");
    await expect(row.locator("time")).toHaveCount(0);
    await page.goto(`/admin/dashboard?status=draft&q=${encodeURIComponent(article.title)}`);
    await expect(page.getByRole("rowheader", { name: article.title })).toBeVisible();
    await page.goto(`/admin/dashboard?status=published&q=${encodeURIComponent(article.title)}`);
    await expect(page.getByRole("rowheader", { name: article.title })).toHaveCount(0);
    await page.getByRole("link", { name: "Drafts" }).click();
    await expect(page).toHaveURL(/status=draft/);

    // Update Article publishes it.
    const id = await articleIdByTitle(page, article.title);
    await page.goto(`/admin/articles/edit/${id}`);
    await hydrated(page, jsEnabled);
    await page.getByRole("button", { name: "Update Article" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await expectToast(page, jsEnabled, "Article updated successfully");
    expect((await publicStatus(reader, `/post/${article.slug}`)).status()).toBe(200);
    expect(await (await reader.get("/rss.xml")).text()).toContain(article.slug);
  } finally {
    await reader.dispose();
  }
});

test("scheduling: the time is read in the admin's zone, a past time publishes now, the scheduler publishes on time", async ({
  page,
  jsEnabled,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page, jsEnabled);
  const zone = jsEnabled ? BROWSER_ZONE : "UTC";

  // An unparseable or missing time is a field error, and keeps what was typed.
  const bad = uniqueArticle("sched-bad");
  await page.goto("/admin/articles/new");
  await hydrated(page, jsEnabled);
  await fillArticleForm(page, { title: bad.title, slug: bad.slug, content: "Soon." });
  await expect(page.getByText(`(time zone: ${zone})`)).toBeVisible();
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expectFieldError(page, /Publish on/, "Choose when to publish it.");
  await expect(page.getByLabel("Title")).toHaveValue(bad.title);

  // A time in the past publishes now and says so.
  await page.getByLabel(/Publish on/).fill(formatLocalDateTime(new Date(Date.now() - 3_600_000).toISOString(), zone));
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  await expectToast(page, jsEnabled, "Article created successfully", "already passed");
  const reader = await playwright.request.newContext({ baseURL });
  try {
    expect((await publicStatus(reader, `/post/${bad.slug}`)).status()).toBe(200);

    // A few seconds ahead: scheduled, invisible, then published by the scheduler.
    const soon = uniqueArticle("sched-soon");
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    await fillArticleForm(page, { title: soon.title, slug: soon.slug, content: "Right on time." });
    const at = new Date(Date.now() + 8_000);
    const local = `${formatLocalDateTime(at.toISOString(), zone)}:${String(at.getUTCSeconds()).padStart(2, "0")}`;
    await page.getByLabel(/Publish on/).fill(local);
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await expectToast(page, jsEnabled, "Article scheduled", `(${zone})`);
    const row = await dashboardRow(page, soon.title);
    await expect(row).toContainText("Scheduled");
    expect((await publicStatus(reader, `/post/${soon.slug}`)).status()).toBe(404);
    await expect
      .poll(async () => (await publicStatus(reader, `/post/${soon.slug}`)).status(), { timeout: 30_000 })
      .toBe(200);
    // Published: on the dashboard and in the feed.
    await expect(await dashboardRow(page, soon.title)).toContainText("Published");
    expect(await (await reader.get("/rss.xml")).text()).toContain(soon.slug);
  } finally {
    await reader.dispose();
  }
});

test("history: compare a revision with the current text and restore it (a new revision, pending until Update Article)", async ({
  page,
  jsEnabled,
}) => {
  await signInAsAdmin(page, jsEnabled);
  const article = await createViaForm(page, jsEnabled, "hist", "Create Article", "line one\nline two\nline three");
  await page.waitForURL(/\/admin\/dashboard$/);
  const id = await articleIdByTitle(page, article.title);
  await page.goto(`/admin/articles/edit/${id}`);
  await hydrated(page, jsEnabled);
  await fillArticleForm(page, { content: "line one\nline 2\nline three" });
  await page.getByRole("button", { name: "Update Article" }).click();
  await page.waitForURL(/\/admin\/dashboard$/);

  await page.goto(`/admin/articles/${id}/history`);
  await hydrated(page, jsEnabled);
  const rows = page.getByTestId("revision-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Saved");
  await expect(rows.nth(0)).toContainText("E2E Admin");
  await expect(rows.nth(1)).toContainText("Created");
  await rows
    .nth(1)
    .getByRole("link", { name: /Compare/ })
    .click();
  const comparison = page.getByTestId("comparison");
  await expect(comparison.locator('[data-diff="removed"]')).toHaveText("- line two");
  await expect(comparison.locator('[data-diff="added"]')).toHaveText("+ line 2");
  await expect(comparison).toContainText("Content");

  await page
    .getByRole("button", { name: /Restore revision/ })
    .last()
    .click();
  await page.waitForURL(new RegExp(`/admin/articles/edit/${id}$`));
  await expectToast(page, jsEnabled, "Revision restored");
  await expect(page.getByTestId("pending-banner")).toContainText("The live version differs");
  await expect(page.getByLabel("Content")).toHaveValue("line one\nline two\nline three");
  // Readers still see the live version.
  expect(await (await page.request.get(`/post/${article.slug}`)).text()).toContain("line 2");

  await page.goto(`/admin/articles/${id}/history`);
  await expect(page.getByTestId("revision-row")).toHaveCount(3);
  await expect(page.getByTestId("revision-row").first()).toContainText("Restored");

  // Discard the pending changes: the editor shows the live text again.
  await page.goto(`/admin/articles/edit/${id}`);
  await hydrated(page, jsEnabled);
  await page.getByRole("button", { name: "Discard pending changes" }).click();
  await expectToast(page, jsEnabled, "Pending changes discarded");
  await expect(page.getByTestId("pending-banner")).toHaveCount(0);
  await expect(page.getByLabel("Content")).toHaveValue("line one\nline 2\nline three");
});

test("a preview link works signed out, is private, follows publishing with a 301 and dies when revoked", async ({
  page,
  jsEnabled,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page, jsEnabled);
  const article = await createViaForm(page, jsEnabled, "peek", "Save draft", "## Sneak peek\n\nNot live yet.");
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/\d+$/);
  const id = Number(/edit\/(\d+)$/.exec(page.url())?.[1]);
  await page.getByRole("link", { name: "History and preview links" }).click();
  await hydrated(page, jsEnabled);
  await page.getByRole("button", { name: "Create preview link" }).click();
  const url = (await page.getByTestId("preview-url").textContent())?.trim() ?? "";
  expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
  const path = new URL(url).pathname;

  // Signed out, in a fresh browser context.
  const stranger = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  try {
    const visitor = await stranger.newPage();
    const response = await visitor.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(visitor.getByRole("heading", { level: 1, name: article.title })).toBeVisible();
    await expect(visitor.getByRole("heading", { name: "Sneak peek" })).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    // Published: the link answers a 301 to the article.
    await page.goto(`/admin/articles/edit/${id}`);
    await hydrated(page, jsEnabled);
    await page.getByRole("button", { name: "Update Article" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    const moved = await stranger.request.get(path, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`/post/${article.slug}`);

    // A revoked link is a 404.
    await page.goto(`/admin/articles/${id}/history`);
    await hydrated(page, jsEnabled);
    await page.getByRole("button", { name: "Create preview link" }).click();
    const second = new URL((await page.getByTestId("preview-url").textContent())?.trim() ?? "").pathname;
    await page.goto(`/admin/articles/${id}/history`);
    await hydrated(page, jsEnabled);
    await page
      .getByRole("button", { name: /Revoke preview link/ })
      .first()
      .click();
    await expectToast(page, jsEnabled, "Preview link revoked");
    expect((await stranger.request.get(second, { maxRedirects: 0 })).status()).toBe(404);
  } finally {
    await stranger.close();
  }
});

test("a published article's old slug answers 301 everywhere, and a new article cannot take it", async ({
  page,
  jsEnabled,
  playwright,
  baseURL,
}) => {
  await signInAsAdmin(page, jsEnabled);
  const article = await createViaForm(page, jsEnabled, "slug", "Create Article");
  await page.waitForURL(/\/admin\/dashboard$/);
  const id = await articleIdByTitle(page, article.title);
  const renamed = `${article.slug}-renamed`;
  await page.goto(`/admin/articles/edit/${id}`);
  await hydrated(page, jsEnabled);
  await fillArticleForm(page, { slug: renamed });
  await page.getByRole("button", { name: "Update Article" }).click();
  await page.waitForURL(/\/admin\/dashboard$/);

  const reader = await playwright.request.newContext({ baseURL });
  try {
    for (const [from, to] of [
      [`/post/${article.slug}`, `/post/${renamed}`],
      [`/article/${article.slug}`, `/post/${renamed}`],
      [`/post/${article.slug}.md`, `/post/${renamed}.md`],
    ]) {
      const response = await publicStatus(reader, from!);
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
  } finally {
    await reader.dispose();
  }

  await page.goto("/admin/articles/new");
  await hydrated(page, jsEnabled);
  await fillArticleForm(page, { title: `${article.title} again`, slug: article.slug, content: "Mine now?" });
  await page.getByRole("button", { name: "Create Article" }).click();
  await expectFieldError(page, "Slug", "still redirects");
});

test("autosave keeps a pending revision readers do not see, and never overwrites a newer save", async ({
  page,
  context,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "autosave needs JavaScript (without it the buttons save)");
  await signInAsAdmin(page, jsEnabled);
  const article = await createViaForm(page, jsEnabled, "auto", "Create Article", "Published words.");
  await page.waitForURL(/\/admin\/dashboard$/);
  const id = await articleIdByTitle(page, article.title);

  const other = await context.newPage();
  await other.goto(`/admin/articles/edit/${id}`);
  await hydrated(other, true);

  await page.goto(`/admin/articles/edit/${id}`);
  await hydrated(page, true);
  const status = page.getByTestId("autosave-status");
  await page.getByLabel("Content").fill("Words typed for an hour.");
  await expect(status).toHaveText(/Saving…|Saved/);
  await expect(status).toHaveText("Saved");
  // Readers still see the published text; the editor shows the pending one after a reload.
  expect(await (await page.request.get(`/post/${article.slug}`)).text()).toContain("Published words.");
  await page.reload();
  await expect(page.getByLabel("Content")).toHaveValue("Words typed for an hour.");
  await expect(page.getByTestId("pending-banner")).toBeVisible();

  // The other tab, still at the old version, is refused and keeps its text.
  await other.getByLabel("Content").fill("Old tab text.");
  await expect(other.getByTestId("autosave-status")).toHaveText(/^Not saved: someone else saved this article/);
  await expect(other.getByLabel("Content")).toHaveValue("Old tab text.");
  await page.reload();
  await expect(page.getByLabel("Content")).toHaveValue("Words typed for an hour.");

  // A deleted article: a clear error.
  await hydrated(page, true);
  const removed = await page.request.post(`/admin/articles/delete/${id}`, {
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(removed.status()).toBe(303);
  await page.getByLabel("Content").fill("After the delete.");
  await expect(status).toHaveText("Not saved: this article has been deleted.");
  await other.close();
});

test("every new action is for administrators only and refuses cross-site posts", async ({
  page,
  jsEnabled,
  playwright,
  baseURL,
}) => {
  test.skip(!jsEnabled, "HTTP-level checks: once is enough");
  await signInAsAdmin(page, jsEnabled);
  const article = await createViaForm(page, jsEnabled, "guard", "Save draft");
  await expect(page).toHaveURL(/\/admin\/articles\/edit\/\d+$/);
  const id = Number(/edit\/(\d+)$/.exec(page.url())?.[1]);
  const origin = baseURL ?? "";

  // Signed out: the autosave answers 401; the history page and its actions go to the admin login.
  const stranger = await playwright.request.newContext({ baseURL });
  try {
    const autosave = await stranger.post(`/admin/articles/${id}/autosave`, {
      form: { title: "x", content: "x", version: "2030-01-01T00:00:00.000000Z" },
      headers: { Origin: origin },
    });
    expect(autosave.status()).toBe(401);
    for (const path of [`/admin/articles/${id}/history`]) {
      const get = await stranger.get(path, { maxRedirects: 0 });
      expect(get.status(), path).toBe(302);
      expect(get.headers().location).toContain("/admin/login");
      const post = await stranger.post(path, {
        form: { intent: "create-preview" },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(post.status(), path).toBe(302);
      expect(post.headers().location).toContain("/admin/login");
    }
    const unpublish = await stranger.post(`/admin/articles/edit/${id}`, {
      form: { intent: "unpublish", version: "2030-01-01T00:00:00.000000Z" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(unpublish.status()).toBe(302);
  } finally {
    await stranger.dispose();
  }

  // Signed in, but from another site: refused before any application code runs.
  for (const [path, form] of [
    [`/admin/articles/${id}/autosave`, { title: "x", version: "2030-01-01T00:00:00.000000Z" }],
    [`/admin/articles/${id}/history`, { intent: "create-preview" }],
    [`/admin/articles/edit/${id}`, { intent: "discard", version: "2030-01-01T00:00:00.000000Z" }],
  ] as const) {
    const response = await page.request.post(path, {
      form,
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(403);
  }
  // The draft is untouched (still a draft, still invisible).
  expect((await page.request.get(`/post/${article.slug}`, { maxRedirects: 0 })).status()).toBe(404);
});
