/**
 * Scenarios the demo content does not have, each on a private server whose database this file
 * prepares: a category longer than one page, an article written in hostile markdown, an article
 * without author or category, an empty Changelog, and a site with no Changelog category at all.
 */
import type { Page } from "@playwright/test";
import type { RunningServer } from "../support/server-process";
import { expect, hydrated, test } from "../support/fixtures";
import { insertArticles, insertCategory, privatePort, startPreparedServer, stopServer } from "./support";

const PAGED = 27;

const HOSTILE = [
  "Hello <script>window.__pwned = 1; alert('script')</script> reader.",
  "",
  '<img src="x" onerror="window.__pwned = 2">',
  "",
  "[a javascript link](javascript:window.__pwned=3) and [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "",
  '<a href="#" onclick="window.__pwned = 4">raw anchor</a> <iframe src="https://evil.example/"></iframe>',
  "",
  "![pic](javascript:window.__pwned=5)",
  "",
  '## Heading with <svg onload="window.__pwned = 6"></svg> inside',
  "",
  "<style>body { display: none }</style>",
  "",
  "Read [the external docs](https://developer.mozilla.org/) for more.",
].join("\n");

let server: RunningServer | undefined;
let noChangelog: RunningServer | undefined;

test.describe.configure({ mode: "serial" });

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take fixtures first; none are needed
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  const now = Date.UTC(2026, 0, 1);
  [server, noChangelog] = await Promise.all([
    startPreparedServer(privatePort(testInfo, 0), async (db) => {
      const paging = await insertCategory(db, "paging-lab", "Paging Lab", "A category longer than one page.");
      await insertCategory(db, "changelog", "Changelog", "Release notes.");
      await insertArticles(
        db,
        Array.from({ length: PAGED }, (_, i) => ({
          slug: `paged-article-${i + 1}`,
          title: `Paged Article ${i + 1}`,
          content: `Body of paged article ${i + 1}.`,
          excerpt: `Excerpt ${i + 1}`,
          categoryId: paging,
          publishedAt: new Date(now - (PAGED - i) * 86_400_000),
        })),
      );
      await insertArticles(db, [
        {
          slug: "hostile-markdown",
          title: "Hostile Markdown",
          content: HOSTILE,
          categoryId: paging,
          publishedAt: new Date(now + 86_400_000),
        },
        {
          slug: "orphan-article",
          title: "Orphan Article",
          content: "No author, no category.",
          categoryId: null,
          publishedAt: new Date(now + 2 * 86_400_000),
        },
      ]);
    }),
    startPreparedServer(privatePort(testInfo, 1), async (db) => {
      const misc = await insertCategory(db, "misc", "Misc");
      await insertArticles(db, [
        { slug: "lonely", title: "Lonely", content: "Only article.", categoryId: misc, publishedAt: new Date(now) },
      ]);
    }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([stopServer(server), stopServer(noChangelog)]);
});

const cards = (page: Page) => page.getByRole("main").getByTestId("article-card");
const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });

test("a long category is paginated 12 at a time with plain links, keeping the view", async ({ page, jsEnabled }) => {
  await page.goto(`${server!.url}/category/paging-lab?view=list`);
  await hydrated(page, jsEnabled);
  const total = PAGED + 1; // plus the hostile article
  await expect(page.getByRole("main")).toContainText(`${total} articles · page 1 of 3`);
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first().getByRole("heading")).toHaveText("Hostile Markdown");
  await expect(pagination(page).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(pagination(page).getByRole("link", { name: /Previous/ })).toHaveCount(0);

  await pagination(page).getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/\/category\/paging-lab\?page=2&view=list$/);
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first().getByRole("heading")).toHaveText(`Paged Article ${PAGED - 11}`);
  await expect(page.getByRole("group", { name: "Layout" }).getByRole("link", { name: "List view" })).toHaveAttribute(
    "aria-current",
    "true",
  );

  await pagination(page).getByRole("link", { name: "Page 3" }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(cards(page)).toHaveCount(total - 24);
  await expect(cards(page).last().getByRole("heading")).toHaveText("Paged Article 1");
  await expect(pagination(page).getByRole("link", { name: /Next/ })).toHaveCount(0);
  await pagination(page)
    .getByRole("link", { name: /Previous/ })
    .click();
  await expect(page).toHaveURL(/page=2&view=list$/);

  // Switching the view keeps the page.
  await page.getByRole("group", { name: "Layout" }).getByRole("link", { name: "Grid view" }).click();
  await expect(page).toHaveURL(/\/category\/paging-lab\?page=2$/);
  const response = await page.request.get(`${server!.url}/category/paging-lab?page=4`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/category/paging-lab?page=3");
});

test("hostile markdown renders as inert text: no script, no handlers, no javascript: URLs", async ({
  page,
  jsEnabled,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${server!.url}/post/hostile-markdown?full=1`);
  await hydrated(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hostile Markdown");
  const content = page.getByTestId("article-content");
  await expect(content).toContainText("Hello");
  await expect(content).toContainText("reader.");
  await expect(content.getByRole("heading", { level: 2 })).toContainText("Heading with");
  const report = await content.evaluate((root) => ({
    dangerous: root.querySelectorAll("script, iframe, object, embed, style, svg").length,
    handlers: [...root.querySelectorAll("*")].filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name)))
      .length,
    badUrls: [...root.querySelectorAll("[href], [src]")].filter((el) =>
      /^\s*(javascript|data):/i.test(el.getAttribute("href") ?? el.getAttribute("src") ?? ""),
    ).length,
    external: [...root.querySelectorAll('a[href^="https://developer.mozilla.org"]')].map((a) => a.getAttribute("rel")),
  }));
  expect(report).toEqual({ dangerous: 0, handlers: 0, badUrls: 0, external: ["noopener noreferrer"] });
  if (jsEnabled) {
    // Had anything run (on load, or from the images' error), it would have set this.
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null)).toBeNull();
  }
  expect(dialogs).toEqual([]);
  await expect(page.locator("body")).toBeVisible();
});

test("an article without author or category falls back to General, Anonymous and a placeholder image", async ({
  page,
  jsEnabled,
}) => {
  await page.goto(server!.url);
  await hydrated(page, jsEnabled);
  const card = page.getByRole("region", { name: "Recent Articles" }).getByTestId("article-card").first();
  await expect(card.getByRole("heading")).toHaveText("Orphan Article");
  await expect(card).toContainText("General");
  await expect(card).toContainText("Anonymous");
  await expect(card.locator("img")).toHaveAttribute("src", /^\/images\/placeholders\/tech-[1-8]\.svg$/);
  await card.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orphan Article");
  const header = page.getByRole("article").locator("header");
  await expect(header).toContainText("General");
  await expect(header.getByTestId("article-author")).toHaveText("Anonymous");
  await expect(page.getByTestId("author-card")).toContainText("Anonymous");
});

test("What's New with an empty Changelog says 'No updates yet'", async ({ page, jsEnabled }) => {
  const response = await page.goto(`${server!.url}/whats-new`);
  expect(response?.status()).toBe(200);
  await hydrated(page, jsEnabled);
  await expect(page.getByText("No updates yet", { exact: true })).toBeVisible();
  await expect(page.getByText("Check back soon for the latest news from the team", { exact: true })).toBeVisible();
});

test("What's New without a Changelog category says 'Could not find changelog category.'", async ({
  page,
  jsEnabled,
}) => {
  const response = await page.goto(`${noChangelog!.url}/whats-new`);
  expect(response?.status()).toBe(200);
  await hydrated(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What's New");
  await expect(page.getByRole("contentinfo")).toBeVisible();
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("Error fetching updates.");
  await expect(alert).toContainText("Could not find changelog category.");
  if (jsEnabled) {
    await expect(page.locator("[data-sonner-toast]", { hasText: "Error fetching updates." })).toContainText(
      "Could not find changelog category.",
    );
  }
});

test("with no featured article the carousel shows the newest ones", async ({ page, jsEnabled }) => {
  await page.goto(server!.url);
  await hydrated(page, jsEnabled);
  const slides = page.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(5);
  await expect(slides.nth(0).getByRole("heading")).toHaveText("Orphan Article");
  await expect(slides.nth(1).getByRole("heading")).toHaveText("Hostile Markdown");
});
