/**
 * The search page (spec section 2, issue 4), with JavaScript on and off: the header search and
 * the page's GET form, the Filters toggle with chips and a count badge, Clear Filters, the result
 * text, snippets, the empty state, pagination, bad input, a failing search and the URL as the
 * single source (back and forward). Runs on the demo content the server seeds.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "../support/fixtures";
import { expectNoSeriousAxeViolations, expectReadFailureScreen, failReads } from "./support";

const main = (page: Page) => page.getByRole("main");
const keywordBox = (page: Page) => main(page).getByRole("searchbox", { name: "Search for" });
const summary = (page: Page) => main(page).getByTestId("search-summary");
const cards = (page: Page) => main(page).getByTestId("article-card");
const filtersToggle = (page: Page) => main(page).locator("summary", { hasText: "Filters" });
const checkbox = (page: Page, name: string) => main(page).getByRole("checkbox", { name, exact: true });
const chip = (page: Page, name: string) =>
  main(page).locator("label", { has: page.getByRole("checkbox", { name, exact: true }) });

async function openFilters(page: Page) {
  if (
    !(await main(page)
      .locator("details.search-filters")
      .evaluate((el) => (el as HTMLDetailsElement).open))
  ) {
    await filtersToggle(page).click();
  }
  await expect(checkbox(page, "React")).toBeAttached();
}

async function categoryId(page: Page, name: string) {
  return Number(await checkbox(page, name).getAttribute("value"));
}

/** Every card's category badge (the first line of its details). */
async function cardCategories(list: Locator) {
  return list.evaluateAll((nodes) =>
    nodes.map((node) => node.querySelector("[data-category-badge]")?.textContent?.trim() ?? ""),
  );
}

test.describe("search", () => {
  test("the header search opens results with highlighted snippets", async ({ page, jsEnabled }) => {
    await page.goto("/about");
    await hydrated(page, jsEnabled);
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search articles" });
    await box.fill("closures");
    await box.press("Enter");
    await page.waitForURL(/\/search\?q=closures$/);
    await expect(page).toHaveTitle('Search results for "closures" | DevPerspective');
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(summary(page)).toHaveText(/^\d+ results? for "closures"$/);
    await expect(keywordBox(page)).toHaveValue("closures");
    const first = cards(page).first();
    await expect(first.getByRole("heading")).toHaveText("Closures Explained Through Real Bugs");
    await expect(first.locator("mark").first()).toHaveText(/closure/i);
    await expect(first.getByRole("link")).toHaveAttribute("href", "/post/closures-explained-through-real-bugs");
  });

  test("the page form searches with a GET request and keeps the keyword", async ({ page, jsEnabled }) => {
    await page.goto("/search");
    await hydrated(page, jsEnabled);
    await expect(page).toHaveTitle("Search | DevPerspective");
    await keywordBox(page).fill("  event loop  ");
    await main(page).getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q")?.trim() === "event loop");
    await expect(summary(page)).toHaveText(/^\d+ results for "event loop"$/);
    await expect(keywordBox(page)).toHaveValue("event loop");
    await expect(cards(page).first().getByRole("heading")).toHaveText("Understanding the JavaScript Event Loop");
    // Web-search syntax: an exact phrase, an exclusion.
    await page.goto(`/search?q=${encodeURIComponent('"event loop" -microtask')}`);
    await expect(summary(page)).toHaveText(/^\d+ results? for ""event loop" -microtask"$/);
  });

  test("one result is singular; nothing found shows the empty state", async ({ page }) => {
    await page.goto("/search?q=backpressure");
    await expect(summary(page)).toHaveText('1 result for "backpressure"');
    await expect(cards(page)).toHaveCount(1);

    await page.goto("/search?q=zzqxjvkw");
    await expect(summary(page)).toHaveText('0 results for "zzqxjvkw"');
    await expect(main(page).getByText("No articles found")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test("a typo still finds the article, says they are close matches and offers the search it meant", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/search?q=clsures");
    await hydrated(page, jsEnabled);
    await expect(cards(page).first().getByRole("heading")).toHaveText("Closures Explained Through Real Bugs");
    // Nothing matched "clsures" itself: the page never claims "N results for" it.
    await expect(summary(page)).toHaveText('No exact matches for "clsures". Close matches:');
    const suggestion = main(page).getByTestId("search-suggestion");
    await expect(suggestion).toHaveText("Did you mean closures?");
    await suggestion.getByRole("link", { name: "closures", exact: true }).click();
    await page.waitForURL(/\/search\?q=closures$/);
    await expect(summary(page)).toHaveText(/^\d+ results? for "closures"$/);
    await expect(main(page).getByTestId("search-suggestion")).toHaveCount(0);
  });

  test("a long made-up word lists nothing, even when its end is a title's word", async ({ page }) => {
    // 25 letters, the last 14 the word "devperspective" of a changelog title: half its trigrams are
    // in that word (word_similarity 0.5), which listed the title as "1 result" before.
    const madeUp = "zqxjvkwpmhzdevperspective";
    await page.goto(`/search?q=${madeUp}`);
    await expect(summary(page)).toHaveText(`0 results for "${madeUp}"`);
    await expect(main(page).getByText("No articles found")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(main(page).getByTestId("search-suggestion")).toHaveCount(0);
  });

  test("category chips narrow the results and the Filters toggle counts them", async ({ page, jsEnabled }) => {
    await page.goto("/search?q=react");
    await hydrated(page, jsEnabled);
    await expect(filtersToggle(page)).toHaveText(/^Filters$/);
    await openFilters(page);
    const react = await categoryId(page, "React");
    const css = await categoryId(page, "CSS");

    await chip(page, "React").click();
    if (!jsEnabled) {
      // Without JavaScript the chips are plain checkboxes of the same GET form.
      await expect(checkbox(page, "React")).toBeChecked();
      await main(page).getByRole("button", { name: "Apply filters" }).click();
    }
    await page.waitForURL((url) => url.searchParams.getAll("category").join() === String(react));
    expect(new URL(page.url()).searchParams.get("q")).toBe("react");
    await expect(filtersToggle(page)).toHaveText(/Filters\s*1 selected/);
    await expect(checkbox(page, "React")).toBeChecked();
    await expect(summary(page)).toHaveText(/^\d+ results? for "react"$/);
    expect(new Set(await cardCategories(cards(page)))).toEqual(new Set(["React"]));

    await openFilters(page);
    await chip(page, "CSS").click();
    if (!jsEnabled) await main(page).getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.getAll("category").length === 2);
    expect(new URL(page.url()).searchParams.getAll("category").map(Number).sort()).toEqual([react, css].sort());
    await expect(filtersToggle(page)).toHaveText(/Filters\s*2 selected/);
    const categories = new Set(await cardCategories(cards(page)));
    expect([...categories].every((name) => name === "React" || name === "CSS")).toBe(true);
  });

  test("Clear Filters keeps the keyword and drops every filter", async ({ page, jsEnabled }) => {
    await page.goto("/search");
    await openFilters(page);
    const react = await categoryId(page, "React");
    const javascript = await categoryId(page, "JavaScript");
    await page.goto(`/search?q=hooks&category=${react}&category=${javascript}`);
    await hydrated(page, jsEnabled);
    await expect(filtersToggle(page)).toHaveText(/2 selected/);
    await expect(checkbox(page, "React")).toBeChecked();
    await main(page).getByRole("link", { name: "Clear Filters" }).click();
    await page.waitForURL(/\/search\?q=hooks$/);
    await expect(filtersToggle(page)).toHaveText(/^Filters$/);
    await openFilters(page);
    await expect(checkbox(page, "React")).not.toBeChecked();
    await expect(checkbox(page, "JavaScript")).not.toBeChecked();
    await expect(summary(page)).toHaveText(/^\d+ results? for "hooks"$/);
  });

  test("an empty search lists every article, newest first, in pages of plain links", async ({ page, jsEnabled }) => {
    await page.goto("/search");
    await hydrated(page, jsEnabled);
    await expect(summary(page)).toHaveText(/^(\d+) results · page 1 of (\d+)$/);
    const [, total, pages] = (await summary(page).textContent())!.match(/^(\d+) results · page 1 of (\d+)$/)!;
    expect(Number(pages)).toBe(Math.ceil(Number(total) / 12));
    await expect(cards(page)).toHaveCount(12);
    const dates = await cards(page)
      .locator("time")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime")!));
    expect(dates).toEqual([...dates].sort().reverse());

    const pagination = main(page).getByRole("navigation", { name: "Search results pages" });
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    const firstTitles = await cards(page).getByRole("heading").allTextContents();
    await pagination.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/[?&]page=2$/);
    await expect(summary(page)).toHaveText(/page 2 of/);
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const secondTitles = await cards(page).getByRole("heading").allTextContents();
    expect(secondTitles.some((title) => firstTitles.includes(title))).toBe(false);
    await pagination.getByRole("link", { name: "Previous" }).click();
    await page.waitForURL(/\/search$/);
    await expect(summary(page)).toHaveText(/page 1 of/);

    // Page links keep the keyword and filters.
    await page.goto("/search?q=the&page=2");
    const hrefs = await main(page)
      .getByRole("navigation", { name: "Search results pages" })
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const href of hrefs) expect(href).toMatch(/^\/search\?q=the(&page=\d+)?$/);
  });

  test("a page past the last one goes to the last page", async ({ page }) => {
    await page.goto("/search?page=999");
    await expect(summary(page)).toHaveText(/page (\d+) of \1$/);
    expect(Number(new URL(page.url()).searchParams.get("page"))).toBeGreaterThan(1);
    await expect(cards(page).first()).toBeVisible();
  });

  test("bad input always gives a page, never an error", async ({ page, request }) => {
    const hostile = [
      "q=%22",
      "q=%22unbalanced+quote",
      "q=%27",
      "q=-",
      "q=or",
      "q=%26%7C%21%28%29%3A*%3C-%3E",
      `q=${encodeURIComponent("'; drop table articles; --")}`,
      `q=${encodeURIComponent("1' OR '1'='1")}`,
      `q=${encodeURIComponent("<script>alert(1)</script>")}`,
      `q=${encodeURIComponent("🚀🔥 react")}`,
      "q=%F0%9F%9A%80",
      "q=%E2%80%AE",
      "q=%E2%80%8B",
      "q=%ED%A0%80",
      `q=${"x".repeat(10_000)}`,
      `q=${encodeURIComponent("react ".repeat(1_700))}`,
      "category=abc",
      "category=-1&category=0",
      "category=999999",
      "category=99999999999999999999",
      "category=1.5&category=0x10&category=",
      "page=abc",
      "page=-3",
      "page=0",
      "page=99999999999999999999999",
      "q=&category=&page=",
      "q=a&q=b",
    ];
    for (const query of hostile) {
      const response = await request.get(`/search?${query}`, { maxRedirects: 5 });
      expect(response.status(), query).toBe(200);
      expect(await response.text(), query).toContain("results");
    }
    // A NUL byte is refused before the app by the server's request guard: a 400, not a 500.
    for (const query of ["q=%00", "q=nul%00byte", "q=react&category=%00"]) {
      expect((await request.get(`/search?${query}`)).status(), query).toBe(400);
    }

    // A 10,000-character keyword is cut to the documented 200 characters.
    await page.goto(`/search?q=${"x".repeat(10_000)}`);
    await expect(keywordBox(page)).toHaveValue("x".repeat(200));
    await expect(summary(page)).toHaveText(`0 results for "${"x".repeat(200)}"`);

    // Unknown and malformed category ids are ignored: they neither empty the results nor count.
    await page.goto("/search?q=closures&category=999999&category=abc");
    await expect(filtersToggle(page)).toHaveText(/^Filters$/);
    await expect(cards(page).first()).toBeVisible();

    // Markup in a query is text.
    await page.goto(`/search?q=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
    await expect(summary(page)).toHaveText(/for "<img src=x onerror=alert\(1\)>"$/);
    await expect(main(page).locator("img[src=x]")).toHaveCount(0);
  });

  test("a failing search shows 'Error searching articles' and no results", async ({
    page,
    context,
    baseURL,
    jsEnabled,
  }) => {
    await failReads(context, baseURL);
    const response = await page.goto("/search?q=react");
    await hydrated(page, jsEnabled);
    // One error screen, one message (issue 11): the spec's 'Error searching articles', no results.
    await expectReadFailureScreen(page, response, { title: "Error searching articles", jsEnabled });
    await expect(cards(page)).toHaveCount(0);
    await expect(summary(page)).toHaveCount(0);
    // Try again repeats the same search.
    await expect(main(page).getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/search?q=react");
  });

  test("the URL is the single source: back and forward re-run the search", async ({ page, jsEnabled }) => {
    await page.goto("/search?q=closures");
    await hydrated(page, jsEnabled);
    await keywordBox(page).fill("docker");
    await keywordBox(page).press("Enter");
    await page.waitForURL(/q=docker/);
    await expect(summary(page)).toHaveText(/for "docker"$/);
    await expect(keywordBox(page)).toHaveValue("docker");

    await page.goBack();
    await page.waitForURL(/q=closures/);
    await expect(summary(page)).toHaveText(/for "closures"$/);
    await expect(keywordBox(page)).toHaveValue("closures");
    await expect(cards(page).first().getByRole("heading")).toHaveText("Closures Explained Through Real Bugs");

    await page.goForward();
    await page.waitForURL(/q=docker/);
    await expect(summary(page)).toHaveText(/for "docker"$/);
    await expect(keywordBox(page)).toHaveValue("docker");
  });

  test("has no serious accessibility violations, filters open and closed", async ({ page, jsEnabled }) => {
    await page.goto("/search?q=react");
    await hydrated(page, jsEnabled);
    await expectNoSeriousAxeViolations(page, jsEnabled);
    await openFilters(page);
    await expectNoSeriousAxeViolations(page, jsEnabled, { prepare: openFilters });
    await page.goto("/search?q=zzqxjvkw");
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });
});
