import type { Page } from "@playwright/test";
import { articles as demoArticles } from "../../../app/seed/demo/articles";
import { expect, hydrated, test } from "../support/fixtures";
import { expectNoSeriousAxeViolations, expectReadFailureScreen, failReads } from "./support";

const javascriptTitles = demoArticles
  .filter((article) => article.category === "javascript")
  .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
  .map((article) => article.title);

const cards = (page: Page) => page.getByRole("main").getByTestId("article-card");
const layout = (page: Page) => page.getByRole("group", { name: "Layout" });

test.describe("category page", () => {
  test("title, description, and the category's articles newest first in a grid", async ({ page, jsEnabled }) => {
    const response = await page.goto("/category/javascript");
    expect(response?.status()).toBe(200);
    await hydrated(page, jsEnabled);
    await expect(page).toHaveTitle("JavaScript | DevPerspective");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("JavaScript");
    await expect(page.getByRole("main")).toContainText("The language of the web");
    await expect(page.getByRole("main")).toContainText(`${javascriptTitles.length} articles`);
    await expect(cards(page).getByRole("heading")).toHaveText(javascriptTitles);
    await expect(layout(page).getByRole("link", { name: "Grid view" })).toHaveAttribute("aria-current", "true");
    await expect(layout(page).getByRole("link", { name: "List view" })).not.toHaveAttribute("aria-current");
    // A grid: the first cards sit side by side.
    const first = (await cards(page).nth(0).boundingBox())!;
    const second = (await cards(page).nth(1).boundingBox())!;
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    for (const card of await cards(page).all()) await expect(card).toContainText("JavaScript");
  });

  test("the grid/list toggle is a pair of links that keep the choice in the URL", async ({ page, jsEnabled }) => {
    await page.goto("/category/javascript");
    await hydrated(page, jsEnabled);
    await layout(page).getByRole("link", { name: "List view" }).click();
    await expect(page).toHaveURL(/\/category\/javascript\?view=list$/);
    await expect(layout(page).getByRole("link", { name: "List view" })).toHaveAttribute("aria-current", "true");
    await expect(layout(page).getByRole("link", { name: "Grid view" })).not.toHaveAttribute("aria-current");
    const first = (await cards(page).nth(0).boundingBox())!;
    const second = (await cards(page).nth(1).boundingBox())!;
    expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
    expect(first.width).toBeGreaterThan(900);
    await expect(cards(page).getByRole("heading")).toHaveText(javascriptTitles);
    await layout(page).getByRole("link", { name: "Grid view" }).click();
    await expect(page).toHaveURL(/\/category\/javascript$/);
    await expect(layout(page).getByRole("link", { name: "Grid view" })).toHaveAttribute("aria-current", "true");
  });

  test("names match case-insensitively with hyphens as spaces, and slugs match too", async ({ page }) => {
    const cases: [string, string][] = [
      ["/category/JavaScript", "JavaScript"],
      ["/category/opinion", "Opinion"],
      ["/category/opinions", "Opinion"],
      ["/category/tutorials", "Tutorials"],
      ["/category/ai-development", "AI & Development"],
      ["/category/data-structures", "Data Structures"],
      ["/category/Data-Structures", "Data Structures"],
      ["/category/nodejs", "Node.js"],
      ["/category/interview-prep", "Interview Prep"],
    ];
    for (const [path, name] of cases) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(name);
      await expect(page, path).toHaveTitle(`${name} | DevPerspective`);
    }
  });

  test("every category link the site renders resolves", async ({ page }) => {
    await page.goto("/");
    const hrefs = new Set(
      await page
        .locator('a[href^="/category/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")!)),
    );
    for (const extra of ["/category/devtools", "/category/algorithms", "/category/typescript", "/category/opinions"]) {
      hrefs.add(extra);
    }
    expect(hrefs.size).toBeGreaterThanOrEqual(12);
    for (const href of hrefs) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });

  test("an empty category says 'No articles found'", async ({ page }) => {
    const response = await page.goto("/category/interview-prep");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("No articles found", { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test("an unknown category answers 404 with 'Category not found'", async ({ page, jsEnabled }) => {
    const response = await page.goto("/category/no-such-topic");
    expect(response?.status()).toBe(404);
    await hydrated(page, jsEnabled);
    await expect(page).toHaveTitle("Category not found | DevPerspective");
    await expect(page.getByRole("heading", { level: 1, name: "Category not found" })).toBeVisible();
    if (jsEnabled) await expect(page.locator("[data-sonner-toast]", { hasText: "Category not found" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });

  test("a page past the end, or not a page number, goes to a page that exists (the one pagination rule)", async ({
    page,
  }) => {
    for (const search of ["?page=2", "?page=0", "?page=abc", "?page=1.5", "?page=99999999"]) {
      const response = await page.goto(`/category/javascript${search}`);
      expect(response?.status(), search).toBe(200);
      // One page of JavaScript articles: the last page is the first.
      await expect(page).toHaveURL(/\/category\/javascript$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("JavaScript");
      await expect(cards(page)).toHaveCount(javascriptTitles.length);
    }
    const list = await page.request.get("/category/javascript?page=7&view=list", { maxRedirects: 0 });
    expect(list.status()).toBe(302);
    expect(list.headers().location).toBe("/category/javascript?view=list");
  });

  test("a failed read keeps the frame and shows 'Error fetching articles'", async ({
    page,
    context,
    baseURL,
    jsEnabled,
  }) => {
    await failReads(context, baseURL!);
    const response = await page.goto("/category/javascript");
    await hydrated(page, jsEnabled);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectReadFailureScreen(page, response, { title: "Error fetching articles", jsEnabled });
  });

  test("no serious accessibility violations in either view", async ({ page, jsEnabled }) => {
    for (const path of ["/category/javascript", "/category/javascript?view=list", "/category/no-such-topic"]) {
      await page.goto(path);
      await hydrated(page, jsEnabled);
      await expectNoSeriousAxeViolations(page, jsEnabled);
    }
  });
});

test.describe("category page on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("one column in the grid, compact rows in the list, nothing overflows", async ({ page, jsEnabled }) => {
    await page.goto("/category/javascript");
    await hydrated(page, jsEnabled);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const first = (await cards(page).nth(0).boundingBox())!;
    const second = (await cards(page).nth(1).boundingBox())!;
    expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
    await page.goto("/category/javascript?view=list");
    await hydrated(page, jsEnabled);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const row = (await cards(page).nth(0).boundingBox())!;
    expect(row.height).toBeLessThan(200);
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });
});
