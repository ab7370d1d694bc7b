import { expectNoSeriousAxeViolations, expectReadFailureScreen } from "../reading/support";
import {
  dismissToasts,
  E2E_ADMIN,
  expect,
  hydrated,
  STAFF,
  signInAsAdmin,
  signInRequest,
  test,
  uniqueArticle,
} from "./support";

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
    await expect(page.locator("tbody tr")).toHaveCount(50);
    // Other specs write on this server at the same time: a draft one of them just saved can be
    // among the 50 newest rows, and a row without a publication date shows no date at all.
    const cells = await page.locator("tbody tr").evaluateAll((rows) =>
      rows.map((row) => {
        const cell = row.querySelectorAll("td")[2];
        return {
          hasTime: cell?.querySelector("time") !== null,
          text: (cell?.textContent ?? "").replace(/^\s*Published/, "").trim(),
        };
      }),
    );
    for (const cell of cells) if (!cell.hasTime) expect(cell.text).toBe("");
    const times = page.locator("tbody time");
    expect(await times.count()).toBeGreaterThanOrEqual(40);
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

  test("a signed-in dashboard is kept per session and never outlives a change", async ({ playwright, baseURL }) => {
    test.skip(test.info().project.name === "js-off", "HTTP only: once is enough");
    const origin = baseURL ?? "";
    const admin = await playwright.request.newContext({ baseURL: origin });
    const contributor = await playwright.request.newContext({ baseURL: origin });
    try {
      expect((await signInRequest(admin, origin, E2E_ADMIN)).status()).toBe(303);
      expect((await signInRequest(contributor, origin, STAFF.contributor)).status()).toBe(303);
      const dashboard = (client: typeof admin, query = "") =>
        client.get(`/admin/dashboard${query}`, { maxRedirects: 0 });

      // The first visits show the sign-in toast: rendered for the request, never kept.
      for (const client of [admin, contributor]) expect((await dashboard(client)).headers()["x-cache"]).toBeUndefined();
      // Kept for the session: the next visit is answered from memory, and stays private.
      const first = await dashboard(admin);
      expect(first.status()).toBe(200);
      expect(first.headers()["x-cache"]).toBe("MISS");
      const second = await dashboard(admin);
      expect(second.headers()["x-cache"]).toBe("HIT");
      expect(second.headers()["cache-control"]).toBe("private, no-store");
      expect(await second.text()).toBe(await first.text());

      // Another person's session never gets it: the contributor sees their own dashboard.
      const theirs = await dashboard(contributor);
      expect(theirs.headers()["x-cache"]).toBe("MISS");
      const theirsText = await theirs.text();
      expect(theirsText).toContain("Your articles");
      expect(theirsText).not.toContain(E2E_ADMIN.email);

      // A draft (which announces nothing to readers' caches) shows at the next visit of the
      // drafts list, which was kept before it was saved.
      await dashboard(admin, "?status=draft");
      expect((await dashboard(admin, "?status=draft")).headers()["x-cache"]).toBe("HIT");
      const draft = uniqueArticle("kept-dashboard");
      const saved = await admin.post("/admin/articles/new", {
        form: { title: draft.title, slug: draft.slug, content: "A draft.", intent: "draft" },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(saved.status()).toBe(303);
      // The redirect carries a toast: that visit renders (and shows it) ...
      const withToast = await dashboard(admin);
      expect(withToast.headers()["x-cache"]).toBeUndefined();
      // ... and the drafts list is rendered anew for the new version of the data.
      const fresh = await dashboard(admin, "?status=draft");
      expect(fresh.headers()["x-cache"]).toBe("MISS");
      expect(await fresh.text()).toContain(draft.title);

      // Signed out: the same cookie gets the sign-in page, never the kept dashboard.
      const cookie = (await admin.storageState()).cookies.find((c) => c.name === "dp_session");
      expect(cookie).toBeTruthy();
      const signedOut = await admin.post("/logout", { headers: { Origin: origin }, maxRedirects: 0 });
      expect([302, 303]).toContain(signedOut.status());
      const replay = await playwright.request.newContext({
        baseURL: origin,
        extraHTTPHeaders: { Cookie: `dp_session=${cookie!.value}` },
      });
      try {
        const afterward = await replay.get("/admin/dashboard", { maxRedirects: 0 });
        expect(afterward.status()).toBe(302);
        expect(afterward.headers().location).toContain("/admin/login");
      } finally {
        await replay.dispose();
      }
    } finally {
      await admin.dispose();
      await contributor.dispose();
    }
  });
});
