/**
 * The error screens, with JavaScript on and off: one 404 screen for every missing thing (an
 * article, a category, a path), and a failed read's screen reached by a client-side navigation.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";
import { DRIVER_TEXT, failReads } from "./support/page-checks";

const SITE = "DevPerspective";

const MISSING = [
  { path: "/post/no-such-article", title: "Article not found", toast: "Error fetching article", home: "Back to Home" },
  { path: "/category/no-such-topic", title: "Category not found", toast: "Category not found", home: "Back to Home" },
  { path: "/definitely/not/here", title: "Page Not Found", toast: null, home: "Go Home" },
];

/** Navigates the way a link click does (client-side, through `.data`), without needing a link on the page. */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    return router.navigate(path);
  }, to);
}

test.describe("error screens", () => {
  test("an unknown article, category or path: one 404 screen, saying which, with a way on", async ({
    page,
    jsEnabled,
  }) => {
    for (const missing of MISSING) {
      const response = await page.goto(missing.path);
      expect(response?.status(), missing.path).toBe(404);
      await hydrated(page, jsEnabled);
      await expect(page, missing.path).toHaveTitle(`${missing.title} | ${SITE}`);
      const main = page.getByRole("main");
      // The same screen each time: one heading, the same links, the same topics.
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(missing.title);
      await expect(main.getByRole("link", { name: missing.home })).toHaveAttribute("href", "/");
      await expect(main.getByRole("link", { name: "Search Articles" })).toHaveAttribute("href", "/search");
      await expect(main.getByRole("link", { name: "Go Back" })).toBeVisible();
      await expect(main.getByRole("navigation", { name: "Popular topics" }).getByRole("link")).toHaveText([
        "JavaScript",
        "React",
        "CSS",
        "Tutorials",
      ]);
      await expect(main).not.toContainText("Reference:");
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      if (missing.toast && jsEnabled) {
        await expect(page.locator("[data-sonner-toast]", { hasText: missing.toast })).toBeVisible();
      } else if (missing.toast) {
        await expect(page.getByRole("status").filter({ hasText: missing.toast })).toBeVisible();
      }
    }
  });

  test("client-side navigation reaches the same 404 screen", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "client-side navigation needs JavaScript");
    await page.goto("/about");
    await hydrated(page, true);
    await navigateInApp(page, "/post/no-such-article");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("Article not found");
    await expect(page.locator("[data-sonner-toast]", { hasText: "Error fetching article" })).toContainText(
      "Article not found.",
    );
    await expect(page).toHaveTitle(`Article not found | ${SITE}`);
  });

  test("a failed read reached by client-side navigation shows the reference of that request", async ({
    page,
    context,
    baseURL,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "client-side navigation needs JavaScript");
    await page.goto("/about");
    await hydrated(page, true);
    await failReads(context, baseURL);
    const data = page.waitForResponse((response) => new URL(response.url()).pathname === "/interview-prep.data");
    await page.getByRole("banner").getByRole("link", { name: "Interview Prep" }).first().click();
    const requestId = (await data).headers()["x-request-id"];
    expect(requestId).toBeTruthy();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Failed to load questions");
    await expect(main).toContainText(`Reference: ${requestId}`);
    await expect(page.locator("[data-sonner-toast]", { hasText: "Error fetching data" })).toBeVisible();
    expect(await page.content()).not.toMatch(DRIVER_TEXT);
    // Leaving the failure behind: the next page is whole again, with no stale reference.
    await context.clearCookies({ name: "dp_test_fail_reads" });
    await page.getByRole("banner").getByRole("link", { name: "About" }).first().click();
    await expect(main.getByRole("heading", { level: 1 })).not.toHaveText("Failed to load questions");
    await expect(main).not.toContainText("Reference:");
  });
});
