/**
 * The practice page (spec section 2, issue 4), with JavaScript on and off: title and subtitle,
 * filter links with the current one marked, question cards with difficulty badges and a native
 * View Answer disclosure, and the failed read.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "../support/fixtures";
import { expectNoSeriousAxeViolations, expectReadFailureScreen, failReads } from "../search/support";

const main = (page: Page) => page.getByRole("main");
const filters = (page: Page) => main(page).getByRole("navigation", { name: "Question categories" });
const cards = (page: Page) => main(page).getByTestId("question-card");
const FILTER_NAMES = ["All", "JavaScript", "React", "Data Structures", "Algorithms"];

test.describe("interview prep", () => {
  test("shows the title, subtitle, filters and every question", async ({ page }) => {
    const response = await page.goto("/interview-prep");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Interview Prep | DevPerspective");
    await expect(page.getByRole("heading", { level: 1, name: "Interview Prep" })).toBeVisible();
    await expect(main(page).getByText(/Sharpen your skills/)).toBeVisible();
    await expect(filters(page).getByRole("link")).toHaveText(FILTER_NAMES);
    await expect(filters(page).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    await expect(filters(page).locator("[aria-current]")).toHaveCount(1);
    const count = await cards(page).count();
    expect(count).toBeGreaterThanOrEqual(40);
    await expect(main(page).getByText(`${count} questions`, { exact: true })).toBeVisible();
  });

  test("filter links narrow the questions and mark the current one", async ({ page, jsEnabled }) => {
    await page.goto("/interview-prep");
    await hydrated(page, jsEnabled);
    const all = await cards(page).count();
    for (const name of ["React", "Data Structures", "Algorithms", "JavaScript"]) {
      await filters(page).getByRole("link", { name }).click();
      await page.waitForURL((url) => url.searchParams.get("category") === name.toLowerCase().replace(" ", "-"));
      await expect(filters(page).getByRole("link", { name })).toHaveAttribute("aria-current", "page");
      await expect(filters(page).getByRole("link", { name: "All" })).not.toHaveAttribute("aria-current", /.*/);
      const count = await cards(page).count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(all);
      for (const category of await cards(page).locator(":scope > p").allTextContents()) {
        expect(category).toBe(name);
      }
    }
    await filters(page).getByRole("link", { name: "All" }).click();
    await page.waitForURL(/\/interview-prep$/);
    await expect(cards(page)).toHaveCount(all);
  });

  test("an unknown category shows All", async ({ page }) => {
    const response = await page.goto("/interview-prep?category=%27%3B+drop+table+x%3B--");
    expect(response?.status()).toBe(200);
    await expect(filters(page).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    expect(await cards(page).count()).toBeGreaterThanOrEqual(40);
  });

  test("View Answer is a native disclosure with the rendered answer", async ({ page, jsEnabled }) => {
    await page.goto("/interview-prep?category=javascript");
    await hydrated(page, jsEnabled);
    const card = cards(page).filter({ hasText: "What is the difference between let, const and var?" });
    const answer = card.locator(".prose-article");
    await expect(answer).toBeHidden();
    const toggle = card.locator("summary", { hasText: "View Answer" });
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(answer).toBeVisible();
    await expect(answer.locator("pre.shiki")).toBeVisible();
    await expect(answer.locator("code").first()).toBeVisible();
    await expect(answer.locator("strong").first()).toBeVisible();
    // Keyboard: Enter on the summary closes it again.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(answer).toBeHidden();
  });

  test("difficulty badges: Easy green, Medium yellow, anything else red", async ({ page }) => {
    await page.goto("/interview-prep");
    const badge = (difficulty: string) =>
      cards(page)
        .locator("[data-tone]", { hasText: new RegExp(`^Difficulty: ${difficulty}$`) })
        .first();
    const background = (difficulty: string) => badge(difficulty).evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect(badge("Easy")).toHaveAttribute("data-tone", "easy");
    await expect(badge("Medium")).toHaveAttribute("data-tone", "medium");
    await expect(badge("Hard")).toHaveAttribute("data-tone", "hard");
    await expect(badge("Easy")).toHaveClass(/bg-green-100/);
    await expect(badge("Medium")).toHaveClass(/bg-yellow-100/);
    await expect(badge("Hard")).toHaveClass(/bg-red-100/);
    const colours = new Set([await background("Easy"), await background("Medium"), await background("Hard")]);
    expect(colours.size).toBe(3);
  });

  test("a failed read shows 'Failed to load questions' with the message", async ({
    page,
    context,
    baseURL,
    jsEnabled,
  }) => {
    await failReads(context, baseURL);
    const response = await page.goto("/interview-prep");
    await hydrated(page, jsEnabled);
    // The error screen replaces the page's body (issue 11): 'Failed to load questions' is its heading,
    // and the message is the spec's, never the driver's.
    await expect(page.getByRole("heading", { level: 1, name: "Failed to load questions" })).toBeVisible();
    const alert = main(page).getByRole("alert");
    await expect(alert).toContainText("Could not load interview questions. Please try again later.");
    await expect(cards(page)).toHaveCount(0);
    await expectReadFailureScreen(page, response, {
      title: "Failed to load questions",
      toast: "Error fetching data",
      jsEnabled,
    });
    if (jsEnabled) {
      const toast = page.locator('[data-sonner-toast][data-visible="true"]');
      await expect(toast).toContainText("Error fetching data");
      await expect(toast).toContainText("Could not load interview questions. Please try again later.");
    }
  });

  test("has no serious accessibility violations", async ({ page, jsEnabled }) => {
    await page.goto("/interview-prep?category=react");
    await hydrated(page, jsEnabled);
    const openFirstAnswer = async (target: Page) => {
      await cards(target).first().locator("summary").click();
      await expect(cards(target).first().locator(".prose-article")).toBeVisible();
    };
    await openFirstAnswer(page);
    await expectNoSeriousAxeViolations(page, jsEnabled, { prepare: openFirstAnswer });
    await page.goto("/interview-prep");
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });
});
