import { expectNoSeriousAxeViolations, expectReadFailureScreen } from "../reading/support";
import { dismissToasts, expect, hydrated, signInAsAdmin, test } from "./support";

const TIME_ZONE = "Pacific/Kiritimati"; // UTC+14: most dates differ from their UTC date

test.use({ timezoneId: TIME_ZONE, locale: "en-US" });

test.describe("dashboard", () => {
  test("50 articles a page, the total in 'All Articles (count)', searchable by title", async ({ page, jsEnabled }) => {
    await signInAsAdmin(page, jsEnabled);
    await dismissToasts(page);
    const heading = page.getByRole("heading", { name: /^All Articles \(\d+\)$/ });
    const total = Number((await heading.textContent())?.match(/\((\d+)\)/)?.[1]);
    expect(total).toBeGreaterThan(100);
    const pageCount = Math.ceil(total / 50);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(50);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toContainText(`Page 1 of ${pageCount}`);
    const firstPageTitles = await page.getByRole("rowheader").allTextContents();

    await pagination.getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\?page=2$/);
    await expect(rows).toHaveCount(50);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(`Page 2 of ${pageCount}`);
    const secondPageTitles = await page.getByRole("rowheader").allTextContents();
    expect(secondPageTitles.filter((title) => firstPageTitles.includes(title))).toEqual([]);

    await page
      .getByRole("navigation", { name: "Pagination" })
      .getByRole("link", { name: `Page ${pageCount}` })
      .click();
    await expect(rows).toHaveCount(total - (pageCount - 1) * 50);
    await expect(heading).toHaveText(`All Articles (${total})`);

    // Search by title: the URL keeps it, the total stays the total.
    await hydrated(page, jsEnabled);
    const search = page.getByRole("search", { name: "Articles" });
    await search.getByRole("searchbox", { name: "Search by title" }).fill("closures");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\?q=closures$/);
    const matches = await page.getByRole("rowheader").allTextContents();
    expect(matches.length).toBeGreaterThan(0);
    for (const title of matches) expect(title.toLowerCase()).toContain("closures");
    await expect(page.getByRole("status").filter({ hasText: "closures" })).toContainText(`${matches.length} article`);
    await expect(heading).toHaveText(`All Articles (${total})`);
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(rows).toHaveCount(50);

    // The one pagination rule: a page past the end goes to the last page, never an error.
    const past = await page.goto("/admin/dashboard?page=9999");
    expect(past?.status()).toBe(200);
    const lastPage = Math.ceil(total / 50);
    await expect(page).toHaveURL(
      lastPage > 1 ? new RegExp(`/admin/dashboard\\?page=${lastPage}$`) : /\/admin\/dashboard$/,
    );
    await expect(rows.first()).toBeVisible();
  });

  test("Published At is a <time> in the reader's own time zone (UTC without JavaScript)", async ({
    page,
    jsEnabled,
  }) => {
    await signInAsAdmin(page, jsEnabled);
    await hydrated(page, jsEnabled);
    const times = page.locator("tbody time");
    await expect(times).toHaveCount(50);
    const samples = await times.evaluateAll((elements) =>
      elements.slice(0, 10).map((el) => ({ iso: el.getAttribute("datetime") ?? "", text: el.textContent ?? "" })),
    );
    for (const { iso, text } of samples) {
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const expected = new Date(iso).toLocaleDateString("en-US", {
        year: "numeric",
        month: "short",
        day: "numeric",
        timeZone: jsEnabled ? TIME_ZONE : "UTC",
      });
      expect(text, iso).toBe(expected);
    }
  });

  test("the dashboard, the dialog and the editor have no serious accessibility violations", async ({
    page,
    jsEnabled,
  }) => {
    // Three full axe scans (dashboard, dialog, editor).
    test.setTimeout(60_000);
    await signInAsAdmin(page, jsEnabled);
    await hydrated(page, jsEnabled);
    // The sign-in's toast belongs to the shared toaster, scanned by its own tests.
    await dismissToasts(page);
    await expectNoSeriousAxeViolations(page, jsEnabled);
    if (jsEnabled) {
      await page
        .getByRole("button", { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole("dialog", { name: "Delete article" })).toBeVisible();
      await expectNoSeriousAxeViolations(page, true);
      await page.keyboard.press("Escape");
    }
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    await page.getByRole("button", { name: "Create Article" }).click();
    await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousAxeViolations(page, jsEnabled);
    await page.goto("/admin/articles/edit/1");
    await hydrated(page, jsEnabled);
    await expectNoSeriousAxeViolations(page, jsEnabled);
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("a failed read keeps the frame and shows 'Error fetching articles' / 'Error fetching article'", async ({
    page,
    context,
    baseURL,
    jsEnabled,
  }) => {
    await signInAsAdmin(page, jsEnabled);
    await context.addCookies([{ name: "dp_test_fail_reads", value: "1", url: baseURL ?? "" }]);
    // The error screen replaces the page's body inside the admin shell (issue 11).
    const dashboard = await page.goto("/admin/dashboard");
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Error fetching articles", level: 1 })).toBeVisible();
    await expectReadFailureScreen(page, dashboard, { title: "Error fetching articles", jsEnabled });
    await expect(page.getByRole("main").getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
    const editor = await page.goto("/admin/articles/edit/1");
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Error fetching article", level: 1 })).toBeVisible();
    await expectReadFailureScreen(page, editor, { title: "Error fetching article", jsEnabled });
  });

  test("the admin login has no serious accessibility violations", async ({ page, jsEnabled }) => {
    await page.goto("/admin/login");
    await hydrated(page, jsEnabled);
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });
});
